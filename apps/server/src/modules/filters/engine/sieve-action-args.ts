import type { ActionType } from '@postline/shared/filters';
import type { SieveArgument, SieveCommand } from './sieve-syntax.js';

/* The arguments of Sieve action commands (RFC 5228 §4, RFC 5232 imap4flags, RFC 5230 vacation). */

/** Tags of action commands that take the next argument as their value. */
const ACTION_TAGS_WITH_VALUE = new Set([
  'flags',
  'days',
  'seconds',
  'subject',
  'from',
  'addresses',
  'handle',
]);
export const ADDFLAG_ACTIONS: Record<string, ActionType> = {
  '\\seen': 'MARK_READ',
  '\\flagged': 'MARK_STARRED',
  '\\deleted': 'DELETE',
  $notjunk: 'NOT_SPAM',
  notjunk: 'NOT_SPAM',
  $junk: 'MARK_SPAM',
  junk: 'MARK_SPAM',
};
export const REMOVEFLAG_ACTIONS: Record<string, ActionType> = {
  '\\seen': 'MARK_UNREAD',
  '\\flagged': 'UNSTAR',
};

export interface ActionArgs {
  tags: Map<string, SieveArgument | null>;
  /** String arguments that are not a tag's value, in order. */
  positional: string[][];
}

export function readActionArgs(c: SieveCommand): ActionArgs {
  const tags = new Map<string, SieveArgument | null>();
  const positional: string[][] = [];
  for (let i = 0; i < c.args.length; i += 1) {
    const a = c.args[i] as SieveArgument;
    if (a.kind === 'tag') {
      const takesValue = ACTION_TAGS_WITH_VALUE.has(a.name);
      tags.set(a.name, takesValue ? (c.args[i + 1] ?? null) : null);
      if (takesValue) i += 1;
    } else if (a.kind === 'strings') {
      positional.push(a.values);
    }
  }
  return { tags, positional };
}
