import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { UserSettings } from '@postline/shared/settings';
import { COMPOSE_FILE_RULES, composeFileRules, type FileRules } from '@postline/shared/attachment-rules';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { settingsQuery } from '@/lib/resources/settings';
import { defaultSignatureQuery, signaturesQuery } from '@/lib/resources/signatures';
import { cancelScheduled } from './api/cancel-scheduled';
import { sendScheduledNow } from './api/send-scheduled-now';
import { fetchAttachmentRules } from './api/get-attachment-rules';
import { fetchSystemVariables } from './api/get-system-variables';
import { fetchUsableTemplates } from './api/list-templates';

/* What compose reads from the server's state: the attachment rules, templates and signatures. */

/** Asked once a visit: the list changes only when the server restarts with another setting. */
const attachmentRulesQuery = queryOptions({
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

/** The templates compose offers, from the templates page's cache: one saved there is here at once. */
export function useUsableTemplates() {
  return useQuery({
    queryKey: queryKeys.templates.list({ usable: true }),
    queryFn: async () => (await fetchUsableTemplates()).content,
  });
}

/** What the server fills a template's variables with for mail to this first recipient. */
export function useSystemVariables(recipientEmail: string | undefined) {
  return useQuery({
    queryKey: queryKeys.templates.systemVariables(recipientEmail ?? ''),
    queryFn: () => fetchSystemVariables(recipientEmail),
  });
}

/** Every signature, from the signatures page's cache: one saved there is offered here at once. */
export function useSignatureList() {
  return useQuery(signaturesQuery);
}

/** The default signature, or null; SPEC §7: one that cannot be read counts as none. */
export function useDefaultSignature() {
  return useQuery(defaultSignatureQuery);
}

/**
 * The sender's undo delay in seconds (issue 36), from the settings' one cache entry; undefined until
 * known. A send is held that long on the server; the toast's time comes from the answer itself.
 */
export function useUndoSendSeconds(): number | undefined {
  return useQuery(settingsQuery).data?.undoSendSeconds;
}

/** Whether a Send now is held for an undo delay, as far as this browser knows the settings. */
export function undoDelayOn(): boolean {
  return (queryClient.getQueryData<UserSettings>(queryKeys.settings)?.undoSendSeconds ?? 0) > 0;
}

/** After a mail left Scheduled (undone, cancelled, sent now): the lists and counts are asked again. */
function refreshMail(client: QueryClient) {
  void client.invalidateQueries({ queryKey: queryKeys.messages.all });
  void client.invalidateQueries({ queryKey: queryKeys.folders });
}

/** Undo and Cancel: the waiting mail back to Drafts (answers its draft id). */
export function useCancelScheduled(): (id: number) => Promise<number> {
  const client = useQueryClient();
  return useCallback(
    async (id: number) => {
      const { draftId } = await cancelScheduled(id);
      refreshMail(client);
      return draftId;
    },
    [client],
  );
}

/** Send now, instead of at the scheduled time. */
export function useSendScheduledNow(): (id: number) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (id: number) => {
      await sendScheduledNow(id);
      refreshMail(client);
    },
    [client],
  );
}
