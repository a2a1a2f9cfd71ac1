import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, Language } from '@postline/shared/errors';
import type { ErrorEnvelope } from '@postline/shared/envelope';
import { AppError } from '../lib/errors.js';
import { errorText, languageFromHeader, validationText } from '../lib/i18n.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language answers are written in: Accept-Language, Korean by default. */
    lang: Language;
  }
}

interface FieldError {
  field: string;
  message: string;
}

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, errors?: FieldError[]) {
  const body: ErrorEnvelope = { success: false, message, code, ...(errors ? { errors } : {}) };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** zod's issue message is a key when a shared schema set one; otherwise fall back to its code. */
function issueText(issue: { message: string; code?: string | undefined }, lang: Language): string {
  const byKey = validationText(issue.message, lang);
  if (byKey !== issue.message) return byKey;
  if (issue.code) {
    const byCode = validationText(issue.code, lang);
    if (byCode !== issue.code) return byCode;
  }
  return issue.message;
}

async function errorsPlugin(app: FastifyInstance) {
  app.decorateRequest('lang', 'ko');
  app.addHook('onRequest', async (request) => {
    request.lang = languageFromHeader(request.headers['accept-language']);
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang ?? 'ko';
    if (error instanceof AppError) {
      const { detail } = error;
      const message = detail?.text
        ? detail.text[lang]
        : detail?.key
          ? validationText(detail.key, lang, detail.params)
          : errorText(error.code, lang);
      return send(reply, error.status, error.code, message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => {
        const where = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const missing = v.keyword === 'invalid_type' && /received undefined/.test(v.message ?? '');
        const issue = { message: v.message ?? '', code: missing ? 'required' : v.keyword };
        return { field: where || String(error.validationContext ?? ''), message: issueText(issue, lang) };
      });
      const first = errors[0];
      const message = first
        ? `${errorText('VALIDATION_ERROR', lang)} ${first.field ? `(${first.field}) ` : ''}${first.message}`
        : errorText('VALIDATION_ERROR', lang);
      return send(reply, 400, 'VALIDATION_ERROR', message, errors);
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues.map((issue) => ({ path: issue.path, code: issue.code })) },
        'response did not match its schema',
      );
      return send(reply, 500, 'SERVER_ERROR', errorText('SERVER_ERROR', lang));
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && error instanceof SyntaxError)) {
      return send(reply, 400, 'VALIDATION_ERROR', validationText('malformedJson', lang));
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return send(reply, 413, 'PAYLOAD_TOO_LARGE', errorText('PAYLOAD_TOO_LARGE', lang));
    }
    if (status === 429) return send(reply, 429, 'RATE_LIMITED', errorText('RATE_LIMITED', lang));
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        status === 401 ? 'AUTHENTICATION_FAILED' : status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR';
      return send(reply, status, code, errorText(code, lang));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'SERVER_ERROR', errorText('SERVER_ERROR', lang));
  });
}

export default fp(errorsPlugin, { name: 'errors' });

/** The 404 answer for unknown API paths. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, 'NOT_FOUND', errorText('NOT_FOUND', request.lang ?? 'ko'));
}

/**
 * Errors Fastify meets before routing (a path whose %-escapes are not UTF-8: FST_ERR_BAD_URL), in
 * the envelope and the request's language like every other; no hook has run, so the language is
 * read here.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = languageFromHeader(request.headers['accept-language']);
  if (error.code === 'FST_ERR_BAD_URL')
    return send(reply, 400, 'VALIDATION_ERROR', validationText('badUrl', lang));
  return send(reply, 400, 'VALIDATION_ERROR', errorText('VALIDATION_ERROR', lang));
}
