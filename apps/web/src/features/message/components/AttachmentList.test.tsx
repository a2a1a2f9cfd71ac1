import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attachment } from '@postline/shared/attachments';
import { ToastViewport } from '@/components/ui/ToastViewport';
import { resetApiClientState } from '@/lib/api-client';
import { attachmentOf as anAttachment, signInWith } from '@/test/attachment-fixtures';
import { serveApi, type Reply } from '@/test/fake-api';
import { AttachmentList } from './AttachmentList';

const attachmentOf = (id: number, name: string, sizeBytes: number, contentType: string) =>
  anAttachment(id, name, sizeBytes, contentType, { messageId: 40 });

const photo = attachmentOf(11, 'photo.png', 1536, 'image/png');
const report = attachmentOf(12, 'report.pdf', 3 * 1024 * 1024 + 300 * 1024, 'application/pdf');
const minutes = attachmentOf(13, '회의록.txt', 512, 'text/plain; charset=utf-8');

const bytesOf: Record<number, Blob> = {
  11: new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }),
  12: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
  13: new Blob(['안건: 출시 일정'], { type: 'text/plain' }),
};

let objectUrls: Map<string, Blob>;
let saved: { href: string; download: string }[];

beforeEach(() => {
  signInWith('token-1');
  objectUrls = new Map();
  saved = [];
  // jsdom has neither object URLs nor downloads; these record what the browser would be given.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${objectUrls.size + 1}`;
    objectUrls.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  resetApiClientState();
});

function serveFiles(failFor: number[] = []) {
  return serveApi((config): Reply => {
    const id = Number(/\/attachments\/(\d+)\/download$/.exec(config.url ?? '')?.[1]);
    if (failFor.includes(id)) return { status: 500, data: new Blob(['oops']) };
    const blob = bytesOf[id];
    return blob ? { status: 200, data: blob } : { status: 404, data: new Blob([]) };
  });
}

const renderList = (attachments: Attachment[]) =>
  render(
    <>
      <AttachmentList attachments={attachments} />
      <ToastViewport />
    </>,
  );

describe('AttachmentList', () => {
  it('shows the count and each file with its type, size and a download button', async () => {
    serveFiles();
    renderList([photo, report, minutes]);

    expect(screen.getByRole('heading', { name: '첨부 파일 3개' })).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: '첨부 파일' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('photo.pngPNG · 1.5 KB');
    expect(rows[1]).toHaveTextContent('report.pdfPDF · 3.3 MB');
    expect(rows[2]).toHaveTextContent('회의록.txtTXT · 512 B');
    for (const name of ['photo.png', 'report.pdf', '회의록.txt']) {
      expect(screen.getByRole('button', { name: `${name} 다운로드` })).toBeEnabled();
    }
    // The image gets a thumbnail fetched with the token; the others keep their type icon.
    const thumbnail = await screen.findByRole('img', { name: 'photo.png 미리 보기' });
    expect(objectUrls.get(thumbnail.getAttribute('src') ?? '')).toBe(bytesOf[11]);
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  it('downloads through the API client with the token and saves under the stored name', async () => {
    const seen = serveFiles();
    renderList([minutes, report]);

    await userEvent.click(screen.getByRole('button', { name: '회의록.txt 다운로드' }));
    await waitFor(() => expect(saved).toHaveLength(1));

    const request = seen.find((r) => r.url === '/attachments/13/download');
    expect(request?.authorization).toBe('Bearer token-1');
    expect(request?.config.responseType).toBe('blob');
    // A 25 MB file on a slow link needs minutes, not the 10 s every other call gets.
    expect(request?.config.timeout).toBe(5 * 60_000);
    expect(saved[0]!.download).toBe('회의록.txt');
    expect(objectUrls.get(saved[0]!.href)).toBe(bytesOf[13]);
  });

  it('says so in a toast when a download fails', async () => {
    serveFiles([12]);
    renderList([report]);
    await userEvent.click(screen.getByRole('button', { name: 'report.pdf 다운로드' }));
    expect(await screen.findByText('첨부 파일을 내려받지 못했습니다.')).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'report.pdf 다운로드' })).toBeEnabled();
  });

  it('counts in English with the right plural', async () => {
    serveFiles();
    await i18next.changeLanguage('en');
    const { rerender } = renderList([report]);
    expect(screen.getByRole('heading', { name: '1 attachment' })).toBeInTheDocument();
    rerender(<AttachmentList attachments={[report, minutes]} />);
    expect(screen.getByRole('heading', { name: '2 attachments' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download report.pdf' })).toHaveTextContent('Download');
  });

  it('shows nothing for a message without attachments', () => {
    const { container } = render(<AttachmentList attachments={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
