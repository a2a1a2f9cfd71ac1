import type { User } from '@postline/shared/auth';
import type { Language } from '@postline/shared/errors';
import { api } from '@/lib/api-client';

/** PATCH /auth/me: the language the server writes this user's mail and notifications in. */
export function updateMyLanguage(language: Language): Promise<User> {
  return api.patch<User>('/auth/me', { language });
}
