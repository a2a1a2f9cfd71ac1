import type { SystemVariable } from '@postline/shared/templates';
import { api } from '@/lib/api-client';

/**
 * GET /templates/system-variables: values the server knows (sender, today's date, and the
 * recipient's name when the first address is one of its users), to prefill the variable dialog.
 */
export function fetchSystemVariables(recipientEmail?: string): Promise<SystemVariable[]> {
  return api.get<SystemVariable[]>('/templates/system-variables', {
    params: recipientEmail ? { recipientEmail } : undefined,
  });
}
