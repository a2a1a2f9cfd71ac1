// What the uploader's tests share: files of a given size, compose's side of the props, and
// uploads held until the test answers them.
import { act, render, screen } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import type { Attachment } from '@postline/shared/attachments';
import { ToastViewport } from '@/components/ui/ToastViewport';
import type { HttpRequest } from '@/lib/http-transport';
import { ok, serveApi, type Reply } from '@/test/fake-api';
import { AttachmentUploader } from './AttachmentUploader';

export const MB = 1024 * 1024;

export function fileOf(name: string, type: string, size: number): File {
  const file = new File([new Uint8Array(Math.min(size, 4096))], name, { type });
  if (size > 4096) Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** Compose's side of the props: it keeps the list it is handed and shows the ids it would send. */
export function Compose({ initial = [] }: { initial?: Attachment[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <AttachmentUploader value={value} onChange={setValue} />
      <output data-testid="attachment-ids">{value.map((a) => a.id).join(',')}</output>
    </>
  );
}

export function renderUploader(initial?: Attachment[]) {
  render(
    <StrictMode>
      <Compose initial={initial} />
      <ToastViewport />
    </StrictMode>,
  );
  return screen.getByLabelText('첨부할 파일');
}

export interface HeldUpload {
  config: HttpRequest;
  file: File;
  progress(fraction: number): void;
  answer(reply: Reply): void;
}

/** Uploads wait until the test answers them, so every state on the way can be looked at. */
export function holdUploads(otherwise: (config: HttpRequest) => Reply = () => ok(null)) {
  const held: HeldUpload[] = [];
  const seen = serveApi((config) => {
    if (config.url !== '/attachments/upload') return otherwise(config);
    const file = (config.data as FormData).get('file') as File;
    return new Promise<Reply>((resolve) => {
      held.push({
        config,
        file,
        progress: (fraction) =>
          act(() => {
            config.onUploadProgress?.({
              loaded: Math.round(file.size * fraction),
              total: file.size,
            });
          }),
        answer: resolve,
      });
    });
  });
  return { held, seen };
}

export const ids = () => screen.getByTestId('attachment-ids').textContent;
