import type { MessagePage } from '@postline/shared/messages';
import { api } from '@/lib/api-client';
import type { ListRequest } from '../list-request';

/** GET /messages, /messages/starred or /messages/search: one page of rows. */
export function fetchMessagePage(request: ListRequest, signal?: AbortSignal): Promise<MessagePage> {
  return api.get<MessagePage>(request.url, { params: request.query, signal });
}
