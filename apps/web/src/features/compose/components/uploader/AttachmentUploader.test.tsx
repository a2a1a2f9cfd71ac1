// Every rule of SPEC §4's uploads (limits, concurrency, retry, refusal, renaming, both languages)
// against one controllable fake upload; the drop zone and the labels are AttachmentUploader.zone.test.tsx.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { fail, ok, serveApi } from '@/test/fake-api';
import { attachmentOf, signInWith } from '@/test/attachment-fixtures';
import { fileOf, holdUploads, ids, MB, renderUploader } from './test-support';

beforeEach(() => signInWith('token-1'));
afterEach(() => resetApiClientState());

// Several uploads, toasts and re-renders per case: slow on a shared, busy machine, not stuck.
/** Requests besides the one for the server's allow-list, which the uploader asks once. */
const besidesRules = (request: { url: string }) => request.url !== '/attachments/rules';

describe('AttachmentUploader', { timeout: 20_000 }, () => {
  it('uploads three files with progress, then lists them with sizes and hands them to compose', async () => {
    const { held } = holdUploads();
    const input = renderUploader();
    const files = [
      fileOf('photo.png', 'image/png', 1536),
      fileOf('report.pdf', 'application/pdf', 3 * MB + 300 * 1024),
      fileOf('회의록.txt', 'text/plain', 512),
    ];
    await userEvent.upload(input, files);

    await waitFor(() => expect(held).toHaveLength(3));
    expect(held.map((upload) => upload.file.name)).toEqual(['photo.png', 'report.pdf', '회의록.txt']);
    expect(held[0]!.config.timeout).toBe(5 * 60_000);
    expect(screen.getByText('3개 중 0개 업로드됨')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '파일 선택' })).toBeDisabled();

    held[1]!.progress(0.42);
    expect(await screen.findByText('업로드 중 42%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'report.pdf 업로드 진행률' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );

    await act(async () => held[0]!.answer(ok(attachmentOf(11, 'photo.png', 1536, 'image/png'))));
    expect(await screen.findByText('3개 중 1개 업로드됨')).toBeInTheDocument();
    // The last file finishes before the second; the list still reads in the order they were picked.
    await act(async () => held[2]!.answer(ok(attachmentOf(13, '회의록.txt', 512, 'text/plain'))));
    expect(await screen.findByText('3개 중 2개 업로드됨')).toBeInTheDocument();
    await act(async () =>
      held[1]!.answer(ok(attachmentOf(12, 'report.pdf', 3 * MB + 300 * 1024, 'application/pdf'))),
    );

    const list = await screen.findByRole('list', { name: '첨부된 파일' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'photo.png1.5 KB',
      'report.pdf3.3 MB',
      '회의록.txt512 B',
    ]);
    expect(ids()).toBe('11,12,13');
    expect(await screen.findByText('파일 3개를 올렸습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '업로드 중인 파일' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '파일 선택' })).toBeEnabled();
  });

  it('runs at most three uploads at once and keeps the rest pending', async () => {
    const { held } = holdUploads();
    const input = renderUploader();
    await userEvent.upload(
      input,
      ['a', 'b', 'c', 'd'].map((n) => fileOf(`${n}.txt`, 'text/plain', 10)),
    );
    await waitFor(() => expect(held).toHaveLength(3));
    const waiting = screen.getAllByText('대기 중');
    expect(waiting).toHaveLength(1);
    await act(async () => held[0]!.answer(ok(attachmentOf(1, 'a.txt', 10))));
    await waitFor(() => expect(held).toHaveLength(4));
    expect(held[3]!.file.name).toBe('d.txt');
    expect(screen.queryByText('대기 중')).not.toBeInTheDocument();
  });

  it('removes a completed attachment on the server, then from the message, with a toast', async () => {
    const seen = serveApi(() => ok(null));
    renderUploader([attachmentOf(7, 'plan.pdf', 2048), attachmentOf(8, 'photo.png', 4096)]);

    await userEvent.click(screen.getByRole('button', { name: 'plan.pdf 삭제' }));

    expect(await screen.findByText('첨부 파일을 뺐습니다.')).toBeInTheDocument();
    expect(seen.filter(besidesRules).map((r) => [r.method, r.url])).toEqual([['DELETE', '/attachments/7']]);
    expect(ids()).toBe('8');
    expect(screen.queryByText('plan.pdf')).not.toBeInTheDocument();
  });

  it('keeps a failed upload with the reason, a toast and a retry that can succeed', async () => {
    const { held } = holdUploads();
    const input = renderUploader();
    await userEvent.upload(input, fileOf('budget.xlsx', 'application/vnd.ms-excel', 2000));
    await waitFor(() => expect(held).toHaveLength(1));
    await act(async () => held[0]!.answer('network'));

    expect(
      await screen.findByText('budget.xlsx 업로드 실패: 네트워크 연결을 확인해 주세요.'),
    ).toBeInTheDocument();
    const row = screen.getByRole('list', { name: '업로드 중인 파일' });
    expect(within(row).getByRole('alert')).toHaveTextContent('업로드 실패: 네트워크 연결을 확인해 주세요.');
    expect(within(row).getByText('다시 시도를 누르거나 파일을 다시 선택하세요.')).toBeInTheDocument();
    expect(ids()).toBe('');

    await userEvent.click(screen.getByRole('button', { name: 'budget.xlsx 다시 올리기' }));
    await waitFor(() => expect(held).toHaveLength(2));
    await act(async () => held[1]!.answer(ok(attachmentOf(21, 'budget.xlsx', 2000))));

    expect(await screen.findByText('파일 1개를 올렸습니다.')).toBeInTheDocument();
    expect(ids()).toBe('21');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps a file the server refused without a retry button, with the hint to pick it again', async () => {
    const { held } = holdUploads();
    const input = renderUploader();
    await userEvent.upload(input, fileOf('invoice.pdf', 'application/pdf', 300));
    await waitFor(() => expect(held).toHaveLength(1));
    await act(async () => held[0]!.answer(fail(400, 'INVALID_FILE_TYPE', '허용되지 않는 파일 형식입니다.')));

    expect(
      await screen.findByText('invoice.pdf 업로드 실패: 허용되지 않는 파일 형식입니다.'),
    ).toBeInTheDocument();
    expect(screen.getByText('파일을 다시 선택하면 재시도합니다.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /다시 올리기/ })).not.toBeInTheDocument();

    // Picking the file again (say, after fixing it) retries in its place rather than adding a copy.
    await userEvent.upload(input, fileOf('invoice.pdf', 'application/pdf', 310));
    await waitFor(() => expect(held).toHaveLength(2));
    expect(held[1]!.file.name).toBe('invoice.pdf');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);

    await act(async () => held[1]!.answer(fail(400, 'INVALID_FILE_TYPE', '허용되지 않는 파일 형식입니다.')));
    await userEvent.click(await screen.findByRole('button', { name: 'invoice.pdf 삭제' }));
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('refuses the 11th file with a toast and sends nothing', async () => {
    const seen = serveApi(() => ok(null));
    const ten = Array.from({ length: 10 }, (_, i) => attachmentOf(i + 1, `file-${i + 1}.txt`, 100));
    const input = renderUploader(ten);

    await userEvent.upload(input, fileOf('eleventh.txt', 'text/plain', 100));

    expect(await screen.findByText('파일은 최대 10개까지 첨부할 수 있습니다.')).toBeInTheDocument();
    expect(seen.filter(besidesRules)).toEqual([]);
    expect(ids()).toBe('1,2,3,4,5,6,7,8,9,10');
  });

  it('refuses a 26 MB file and an .exe before sending, naming them, and uploads the rest', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { held } = holdUploads();
    const input = renderUploader();

    await user.upload(input, [
      fileOf('movie.png', 'image/png', 26 * MB),
      fileOf('setup.exe', 'application/x-msdownload', 1000),
      fileOf('fine.txt', 'text/plain', 10),
    ]);

    expect(
      await screen.findByText('파일이 너무 큽니다. 최대 25MB까지 첨부할 수 있습니다. (movie.png)'),
    ).toBeInTheDocument();
    // The refusal says what could be attached (issue 34).
    expect(
      screen.getByText(
        /^허용되지 않는 파일 형식입니다\. 첨부할 수 있는 형식: 이미지, PDF \(pdf\), Word \(doc, docx\), .*한글 \(hwp, hwpx\).* \(setup\.exe\)$/,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(held.map((upload) => upload.file.name)).toEqual(['fine.txt']));
  });

  it("follows the server's list: the picker offers it, and a file off it is refused naming it", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { held } = holdUploads((config) =>
      config.url === '/attachments/rules'
        ? ok({ allowedExtensions: ['pdf', 'hwp', 'hwpx'], maxFileBytes: 25 * MB, maxFiles: 10 })
        : ok(null),
    );
    const input = renderUploader();
    await waitFor(() => expect(input.getAttribute('accept')).not.toContain('.png'));
    expect(input.getAttribute('accept')).toContain('.hwpx');

    await user.upload(input, [
      fileOf('구조도.png', 'image/png', 100),
      fileOf('보고서.hwp', 'application/haansofthwp', 1000),
    ]);
    expect(
      await screen.findByText(
        '허용되지 않는 파일 형식입니다. 첨부할 수 있는 형식: PDF (pdf), 한글 (hwp, hwpx) (구조도.png)',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(held.map((upload) => upload.file.name)).toEqual(['보고서.hwp']));
  });

  it('uploads a duplicate name renamed and says so', async () => {
    const { held } = holdUploads();
    const input = renderUploader([attachmentOf(3, 'report.pdf', 100)]);
    await userEvent.upload(input, fileOf('report.pdf', 'application/pdf', 100));
    await waitFor(() => expect(held).toHaveLength(1));
    expect(held[0]!.file.name).toBe('report (1).pdf');
    expect(
      await screen.findByText("같은 이름의 파일이 있어 'report (1).pdf'(으)로 올립니다."),
    ).toBeInTheDocument();
  });

  it('says in English how many files were uploaded, one or more', async () => {
    const { default: i18next } = await import('i18next');
    const { held } = holdUploads();
    const input = renderUploader();
    await act(() => i18next.changeLanguage('en'));

    await userEvent.upload(input, fileOf('plan.pdf', 'application/pdf', 1024));
    await waitFor(() => expect(held).toHaveLength(1));
    await act(async () => held[0]!.answer(ok(attachmentOf(31, 'plan.pdf', 1024))));
    expect(await screen.findByText('1 file uploaded.')).toBeInTheDocument();

    await userEvent.upload(input, [
      fileOf('a.pdf', 'application/pdf', 1024),
      fileOf('b.pdf', 'application/pdf', 1024),
    ]);
    await waitFor(() => expect(held).toHaveLength(3));
    await act(async () => held[1]!.answer(ok(attachmentOf(32, 'a.pdf', 1024))));
    await act(async () => held[2]!.answer(ok(attachmentOf(33, 'b.pdf', 1024))));
    expect(await screen.findByText('2 files uploaded.')).toBeInTheDocument();
  });
});
