import type { AttachmentRules } from '@postline/shared/attachments';
import { api } from '@/lib/api-client';

/** GET /attachments/rules: the server's allow-list (ATTACHMENT_ALLOWED_TYPES, issue 34). */
export function fetchAttachmentRules(): Promise<AttachmentRules> {
  return api.get<AttachmentRules>('/attachments/rules');
}
