import type { Attachment } from '@postline/shared/attachments';
import { api } from '@/lib/api-client';

/** GET /attachments/{id}: names and sizes of the files a continued draft already carries. */
export function fetchAttachment(id: number): Promise<Attachment> {
  return api.get<Attachment>(`/attachments/${id}`);
}
