import type { Language } from '@postline/shared/errors';
import type { FilterInteropWarning } from '@postline/shared/filters';
import { serverText } from '../../../lib/i18n.js';
import type { SERVER_TEXTS } from '../../../locales/resources.js';

/** Everything Sieve/Gmail import or Sieve export could not carry over: locales/<lang>/filters.json, warnings. */
export type InteropWarningCode = keyof (typeof SERVER_TEXTS)['ko']['filters']['warnings'];

const SOURCE_MAX = 200;

/** Collects warnings, rendered in one language, each with its line (null when none applies). */
export class WarningList {
  readonly items: FilterInteropWarning[] = [];

  constructor(private readonly language: Language = 'ko') {}

  add(
    code: InteropWarningCode,
    line: number | null,
    source: string,
    params: Record<string, string | number> = {},
  ) {
    const message = serverText(this.language, `filters:warnings.${code}`, params);
    const trimmed = source.length > SOURCE_MAX ? `${source.slice(0, SOURCE_MAX)}…` : source;
    this.items.push({ line, code, source: trimmed, message });
  }
}
