// How compose takes what a person gives it (issue 34): the focus where writing starts, Cc and Bcc
// ready when asked for, names kept from a pasted list, files let go anywhere on the page.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { signInWith } from '@/test/attachment-fixtures';
import { ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { renderScreen } from '@/test/render';
import { useComposeForm } from '../hooks/use-compose-form';
import { autosaveTiming } from '../hooks/use-draft-autosave';
import { ComposePage } from './ComposePage';

const account = { id: 7, name: '김민지', email: 'minji@postline.local' };
const emptyPage = {
  content: [],
  number: 0,
  size: 100,
  totalElements: 0,
  totalPages: 0,
  first: true,
  last: true,
};
let seen: SeenRequest[];

beforeEach(() => {
  autosaveTiming.idleMs = 3_600_000;
  useComposeForm.getState().reset();
  signInWith('token-1');
  seen = serveApi((request) => {
    if (request.url === '/signatures' || request.url === '/templates') return ok(emptyPage);
    if (request.url === '/attachments/upload') {
      const file = (request.data as FormData).get('file') as File;
      return ok({ id: 31, originalFilename: file.name, contentType: file.type, sizeBytes: file.size });
    }
    return ok(null);
  });
});

afterEach(() => resetApiClientState());

const openCompose = (path = '/compose') =>
  renderScreen(path, '/compose', <ComposePage account={account} />, ['/mailbox/inbox']);

describe('compose takes what it is given (issue 34)', () => {
  it('puts the cursor in To as it opens', async () => {
    openCompose();
    await waitFor(() => expect(screen.getByLabelText('받는 사람')).toHaveFocus());
  });

  it('goes on in the subject when To is already filled (a mailto: link)', async () => {
    openCompose('/compose?to=jun@postline.local');
    await waitFor(() => expect(screen.getByLabelText('제목')).toHaveFocus());
  });

  it('puts the cursor in Cc and in Bcc when they are asked for', async () => {
    openCompose();
    await userEvent.click(await screen.findByRole('button', { name: '참조 추가' }));
    expect(screen.getByLabelText('참조')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: '숨은 참조 추가' }));
    expect(screen.getByLabelText('숨은 참조')).toHaveFocus();
  });

  it('sends a pasted "Name <address>" with its name', async () => {
    openCompose();
    const to = screen.getByLabelText('받는 사람');
    await userEvent.click(to);
    await userEvent.paste('이준 <jun@postline.local>, park@postline.local');
    expect(useComposeForm.getState().to).toEqual(['이준 <jun@postline.local>', 'park@postline.local']);
  });

  it('attaches a file let go over the body, not only over the drop zone', async () => {
    openCompose();
    const body = screen.getByLabelText('내용');
    const file = new File(['%PDF-1.7'], '견적서.pdf', { type: 'application/pdf' });
    const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
    expect(fireEvent.dragOver(body, { dataTransfer })).toBe(false);
    expect(screen.getByTestId('page-drop-overlay')).toBeInTheDocument();
    fireEvent.drop(body, { dataTransfer });
    await waitFor(() => expect(useComposeForm.getState().attachmentIds).toEqual([31]));
    expect(screen.queryByTestId('page-drop-overlay')).not.toBeInTheDocument();
    expect(seen.filter((r) => r.url === '/attachments/upload')).toHaveLength(1);
  });
});
