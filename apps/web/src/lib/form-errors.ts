import type { z } from 'zod';

/** Texts to show per top-level field, each once. */
export type FieldMessages = Partial<Record<string, string[]>>;

/** A shared schema's issues by field, each message key turned into text by `toText`. */
export function fieldMessagesOf(error: z.ZodError, toText: (message: string) => string): FieldMessages {
  const out: FieldMessages = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    const list = (out[field] ??= []);
    const text = toText(issue.message);
    if (!list.includes(text)) list.push(text);
  }
  return out;
}
