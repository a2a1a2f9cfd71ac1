import type { UnsubscribeOffer, UnsubscribeResult } from '@postline/shared/unsubscribe';
import { api } from '@/lib/api-client';

/** GET /messages/{id}/unsubscribe: what a signed newsletter offers for leaving it (issue 37). */
export function fetchUnsubscribeOffer(id: number, signal?: AbortSignal): Promise<UnsubscribeOffer> {
  return api.get<UnsubscribeOffer>(`/messages/${id}/unsubscribe`, { signal });
}

/** POST /messages/{id}/unsubscribe: the server makes the one-click request (RFC 8058). */
export function unsubscribeWithOneClick(id: number): Promise<UnsubscribeResult> {
  return api.post<UnsubscribeResult>(`/messages/${id}/unsubscribe`);
}
