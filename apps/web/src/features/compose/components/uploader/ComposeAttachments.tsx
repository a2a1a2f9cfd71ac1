import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Attachment } from '@postline/shared/attachments';
import { fetchAttachment } from '../../api/get-attachment';
import { useComposeForm } from '../../hooks/use-compose-form';
import { AttachmentUploader } from './AttachmentUploader';

interface ComposeAttachmentsProps {
  disabled?: boolean;
  onUploadingChange?(uploading: boolean): void;
}

/**
 * The uploader on the compose form. The form keeps only attachmentIds (what is sent); the names
 * and sizes on screen live here, and those of a continued draft are fetched once by id.
 */
export function ComposeAttachments({ disabled, onUploadingChange }: ComposeAttachmentsProps) {
  const attachmentIds = useComposeForm((state) => state.attachmentIds);
  const setAttachmentIds = useComposeForm((state) => state.setAttachmentIds);
  const [known, setKnown] = useState<ReadonlyMap<number, Attachment>>(new Map());
  const requested = useRef(new Set<number>());

  useEffect(() => {
    const missing = attachmentIds.filter((id) => !known.has(id) && !requested.current.has(id));
    if (missing.length === 0) return;
    for (const id of missing) requested.current.add(id);
    void Promise.allSettled(missing.map(fetchAttachment)).then((results) => {
      const found = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      if (found.length === 0) return;
      setKnown((previous) => new Map([...previous, ...found.map((a) => [a.id, a] as const)]));
    });
  }, [attachmentIds, known]);

  const value = useMemo(() => attachmentIds.flatMap((id) => known.get(id) ?? []), [attachmentIds, known]);

  const onChange = useCallback(
    (next: Attachment[]) => {
      setKnown((previous) => new Map([...previous, ...next.map((a) => [a.id, a] as const)]));
      // Files of the draft whose details have not arrived (or could not be fetched) are not on
      // screen, so the uploader cannot name them; they stay on the message all the same.
      const unseen = useComposeForm.getState().attachmentIds.filter((id) => !known.has(id));
      setAttachmentIds([...unseen, ...next.map((a) => a.id)]);
    },
    [known, setAttachmentIds],
  );

  return (
    <AttachmentUploader
      value={value}
      onChange={onChange}
      disabled={disabled}
      onUploadingChange={onUploadingChange}
      takesDropsAnywhere
    />
  );
}
