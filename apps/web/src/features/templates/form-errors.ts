import type { z } from 'zod';
import type { FieldError } from '@/lib/api-error';

/** Issue messages (shared message keys) per top-level field, each message once. */
export type FieldMessages = Partial<Record<string, string[]>>;

export function fieldMessagesOf(error: z.ZodError): FieldMessages {
  const out: FieldMessages = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    const list = (out[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

/** Field errors the server sent back, for the fields the form shows; the rest stay general. */
export function fieldMessagesFromServer(errors: FieldError[]): FieldMessages {
  const out: FieldMessages = {};
  for (const { field, message } of errors) {
    const name = field.split('.')[0] ?? field;
    (out[name] ??= []).push(message);
  }
  return out;
}
