import type { z } from 'zod';

/** The issue messages of a failed parse by dotted path ('' for the root); {} when it passed. */
export function issuesOf(result: z.ZodSafeParseResult<unknown>): Record<string, string[]> {
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.map(String).join('.');
    (byPath[path] ??= []).push(issue.message);
  }
  return byPath;
}
