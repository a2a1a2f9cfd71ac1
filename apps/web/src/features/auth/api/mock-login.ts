import type { LoginResponse, MockLoginRequest } from '@postline/shared/auth';
import { api } from '@/lib/api-client';

/** POST /auth/mock-login: the development sign-in by e-mail and name. */
export function mockLogin(request: MockLoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/mock-login', {
    email: request.email.trim(),
    name: request.name.trim(),
  });
}
