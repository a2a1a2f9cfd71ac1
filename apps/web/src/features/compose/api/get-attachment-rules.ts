import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AttachmentRules } from '@postline/shared/attachments';
import { COMPOSE_FILE_RULES, composeFileRules, type FileRules } from '@postline/shared/attachment-rules';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /attachments/rules: the server's allow-list (ATTACHMENT_ALLOWED_TYPES, issue 34). */
export function fetchAttachmentRules(): Promise<AttachmentRules> {
  return api.get<AttachmentRules>('/attachments/rules');
}

/** Asked once a visit: the list changes only when the server restarts with another setting. */
export const attachmentRulesQuery = queryOptions({
  queryKey: queryKeys.attachmentRules,
  queryFn: fetchAttachmentRules,
  staleTime: Infinity,
});

/**
 * The rules compose checks files by before sending a byte: the server's list, or the default list
 * until it has arrived (the server checks every upload again either way).
 */
export function useAttachmentRules(): FileRules {
  // The app's one cache, named rather than taken from context: the uploader also stands alone.
  const { data } = useQuery(attachmentRulesQuery, queryClient);
  const allowed = data?.allowedExtensions;
  return useMemo(() => (allowed ? composeFileRules(allowed) : COMPOSE_FILE_RULES), [allowed]);
}
