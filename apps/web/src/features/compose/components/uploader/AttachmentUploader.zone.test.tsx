// The uploader's drop zone (files dropped on it, beside it, text dragged over it), its labels in
// English, and its disabled state.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { ok, serveApi } from '@/test/fake-api';
import { AttachmentUploader } from './AttachmentUploader';
import { attachmentOf, signInWith } from '@/test/attachment-fixtures';
import { Compose, fileOf, holdUploads, renderUploader } from './test-support';

beforeEach(() => signInWith('token-1'));
afterEach(() => resetApiClientState());

describe('AttachmentUploader drop zone', { timeout: 20_000 }, () => {
  it('takes files dropped on its zone, and shows the zone ready while they are over it', async () => {
    const { held } = holdUploads();
    renderUploader();
    const zone = screen.getByTestId('attachment-dropzone');
    const files = [fileOf('drop.pdf', 'application/pdf', 700), fileOf('사진.png', 'image/png', 900)];
    const dataTransfer = { types: ['Files'], files, dropEffect: 'none' };
    const prompt = '파일을 여기로 끌어다 놓으세요';

    expect(within(zone).getByText(prompt)).toBeInTheDocument();
    fireEvent.dragEnter(zone, { dataTransfer });
    // Crossing the zone's own children is not leaving it.
    fireEvent.dragEnter(within(zone).getByRole('button', { name: '파일 선택' }), { dataTransfer });
    fireEvent.dragLeave(within(zone).getByRole('button', { name: '파일 선택' }), { dataTransfer });
    expect(within(zone).getByText('여기에 놓으면 첨부됩니다')).toBeInTheDocument();
    fireEvent.dragLeave(zone, { dataTransfer });
    expect(within(zone).getByText(prompt)).toBeInTheDocument();

    fireEvent.dragEnter(zone, { dataTransfer });
    fireEvent.drop(zone, { dataTransfer });
    await waitFor(() => expect(held.map((upload) => upload.file.name)).toEqual(['drop.pdf', '사진.png']));
    expect(within(zone).getByText(prompt)).toBeInTheDocument();

    // A file dropped beside the zone is refused, not opened in place of the page, nor attached.
    expect(fireEvent.dragOver(document.body, { dataTransfer })).toBe(false);
    expect(fireEvent.drop(document.body, { dataTransfer })).toBe(false);
    expect(held).toHaveLength(2);

    // Text dragged from the page is not a file: the zone does not light up for it.
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['text/plain'], files: [] } });
    expect(within(zone).getByText(prompt)).toBeInTheDocument();
  });

  it('names its drop zone, button and file input, in English too', async () => {
    const { default: i18next } = await import('i18next');
    await i18next.changeLanguage('en');
    serveApi(() => ok(null));
    render(<Compose initial={[attachmentOf(5, 'notes.txt', 2 * 1024 + 512)]} />);
    expect(screen.getByRole('group', { name: 'Attachments' })).toBeInTheDocument();
    expect(screen.getByLabelText('Files to attach')).toHaveAttribute('type', 'file');
    expect(screen.getByRole('button', { name: 'Select files' })).toBeEnabled();
    expect(screen.getByText('Up to 10 files, 25 MB each')).toBeInTheDocument();
    expect(screen.getByText('1 attached · 2.5 KB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove notes.txt' })).toBeEnabled();
  });

  it('is wholly disabled when compose says so', () => {
    render(
      <AttachmentUploader value={[attachmentOf(5, 'notes.txt', 100)]} onChange={() => undefined} disabled />,
    );
    expect(screen.getByRole('button', { name: '파일 선택' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'notes.txt 삭제' })).toBeDisabled();
  });
});
