import type { AwayReply, AwayReplyRequest } from '@postline/shared/away-reply';
import { api } from '@/lib/api-client';

/** GET /away-reply: the away reply as saved (off, with empty texts, until the first save). */
export function fetchAwayReply(signal?: AbortSignal): Promise<AwayReply> {
  return api.get<AwayReply>('/away-reply', { signal });
}

/** PUT /away-reply: the whole away reply; answers it as saved. */
export function saveAwayReply(request: AwayReplyRequest): Promise<AwayReply> {
  return api.put<AwayReply>('/away-reply', request);
}
