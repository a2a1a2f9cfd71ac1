import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { attachmentOf as anAttachment } from '@/test/attachment-fixtures';
import { fail, ok, serveApi } from '@/test/fake-api';
import { useComposeForm } from '../../hooks/use-compose-form';
import { ComposeAttachments } from './ComposeAttachments';

/** A file already on the draft (message 30). */
const attachmentOf = (id: number, name: string, sizeBytes: number) =>
  anAttachment(id, name, sizeBytes, 'application/pdf', { messageId: 30 });

const completedList = () => screen.getByRole('list', { name: '첨부된 파일' });

beforeEach(() => useComposeForm.getState().reset());
afterEach(() => resetApiClientState());

describe('ComposeAttachments', { timeout: 20_000 }, () => {
  it("shows a continued draft's files by id and keeps the form's attachmentIds in step", async () => {
    const seen = serveApi((config) => {
      if (config.url === '/attachments/5') return ok(attachmentOf(5, '견적서.pdf', 20 * 1024));
      if (config.url === '/attachments/6') return fail(404, 'MAIL_NOT_FOUND', '없음');
      if (config.url === '/attachments/upload') return ok(attachmentOf(9, 'plan.pdf', 1024));
      return ok(null);
    });
    act(() => useComposeForm.getState().load({ subject: '견적', attachmentIds: [5, 6] }, 30));
    render(<ComposeAttachments />);

    expect(
      await within(await screen.findByRole('list', { name: '첨부된 파일' })).findByText('견적서.pdf'),
    ).toBeInTheDocument();
    expect(completedList()).toHaveTextContent('20.0 KB');

    await userEvent.upload(
      screen.getByLabelText('첨부할 파일'),
      new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }),
    );
    // 6 could not be fetched: not shown, but still on the draft.
    await waitFor(() => expect(useComposeForm.getState().attachmentIds).toEqual([6, 5, 9]));
    expect(within(completedList()).getByText('plan.pdf')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '견적서.pdf 삭제' }));
    await waitFor(() => expect(useComposeForm.getState().attachmentIds).toEqual([6, 9]));
    // Each id is asked for once, however often the form re-renders.
    const asked = seen.filter((r) => r.method === 'GET' && r.url !== '/attachments/rules');
    expect(asked.map((r) => r.url)).toEqual(['/attachments/5', '/attachments/6']);
  });

  it('empties when the form starts over', async () => {
    serveApi(() => ok(attachmentOf(9, 'plan.pdf', 1024)));
    render(<ComposeAttachments />);
    await userEvent.upload(
      screen.getByLabelText('첨부할 파일'),
      new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(useComposeForm.getState().attachmentIds).toEqual([9]));
    act(() => useComposeForm.getState().load());
    expect(screen.queryByRole('list', { name: '첨부된 파일' })).not.toBeInTheDocument();
  });
});
