import type { User } from '@postline/shared/auth';
import { api } from '@/lib/api-client';

/** GET /auth/me: the signed-in user. */
export function fetchMe(): Promise<User> {
  return api.get<User>('/auth/me');
}
