import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope } from '@postline/shared/envelope';
import type { Language } from '@postline/shared/errors';
import type { LocalizedText } from '@postline/shared/filters';
import { FILTER_VALIDATION_MESSAGES, type FilterValidationKey } from '@postline/shared/filter-messages';
import { AppError } from '../../lib/errors.js';
import { errorText, localizedText, validationText } from '../../lib/i18n.js';

export const filterNotFound = () => new AppError(404, 'FILTER_NOT_FOUND');

/** One field problem: its path (`actions.0.actionValue`) and a message key, maybe with a detail. */
export interface FieldProblem {
  field: string;
  key: string;
  detail?: string;
}

/**
 * A 400 that names fields, like a schema failure, for rules a schema cannot know (a folder id that
 * is not the user's) and for import files ('Invalid JSON file' before the reason).
 */
export class FilterFieldError extends Error {
  constructor(
    readonly problems: FieldProblem[],
    readonly lead?: LocalizedText,
  ) {
    super(problems.map((p) => `${p.field}: ${p.key}`).join('; '));
    this.name = 'FilterFieldError';
  }
}

/**
 * The filter texts win over same-named generic keys (nameRequired, invalidEmail) so a filter form
 * says "Please enter a filter name"; RE2's own description follows an invalid pattern.
 */
export function problemText(problem: Omit<FieldProblem, 'field'>, lang: Language, code?: string): string {
  const table = FILTER_VALIDATION_MESSAGES[problem.key as FilterValidationKey];
  let text = table ? table[lang] : validationText(problem.key, lang);
  if (!table && text === problem.key && code) {
    const byCode = validationText(code, lang);
    if (byCode !== code) text = byCode;
  }
  return problem.detail ? `${text} (${problem.detail})` : text;
}

function sendProblems(
  reply: FastifyReply,
  lang: Language,
  problems: FieldProblem[],
  lead?: LocalizedText,
  codes: string[] = [],
) {
  const errors = problems.map((p, i) => ({ field: p.field, message: problemText(p, lang, codes[i]) }));
  const first = errors[0];
  const head = lead ? lead[lang] : errorText('VALIDATION_ERROR', lang);
  const separator = lead ? ':' : '';
  const message = first
    ? `${head}${separator} ${first.field ? `(${first.field}) ` : ''}${first.message}`
    : head;
  const body: ErrorEnvelope = { success: false, code: 'VALIDATION_ERROR', message, errors };
  return reply.status(400).type('application/json; charset=utf-8').send(body);
}

interface ValidationItem {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: { params?: { detail?: unknown } };
}

/** Routes whose body is an import file: a bad body is an 'Invalid JSON file'. */
const IMPORT_ROUTES = new Set(['/filters/import']);

/**
 * The error handler of the filters plugin: field problems in the filter texts; everything else goes
 * on to the app's handler (throwing from a child handler hands the error to the parent's).
 */
export function filterErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = request.lang ?? 'ko';
  const isImport = IMPORT_ROUTES.has((request.routeOptions.url ?? '').replace(/^\/api\/v1/, ''));
  if (error instanceof FilterFieldError) return sendProblems(reply, lang, error.problems, error.lead);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const items = error.validation as unknown as ValidationItem[];
    const problems = items.map((v): FieldProblem => {
      const missing = v.keyword === 'invalid_type' && /received undefined/.test(v.message ?? '');
      const detail = v.params?.params?.detail;
      return {
        field: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(error.validationContext ?? ''),
        key: missing ? 'required' : (v.message ?? v.keyword),
        ...(typeof detail === 'string' ? { detail } : {}),
      };
    });
    return sendProblems(
      reply,
      lang,
      problems,
      undefined,
      items.map((v) => v.keyword),
    );
  }
  if (
    isImport &&
    (['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY'].includes(error.code) ||
      error instanceof SyntaxError)
  ) {
    return sendProblems(
      reply,
      lang,
      [{ field: '', key: 'malformedJson' }],
      localizedText('filters:invalidJsonFile'),
    );
  }
  throw error;
}
