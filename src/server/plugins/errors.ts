import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales';
import { VALIDATION_VARS } from '../../shared/schemas/validation-vars';
import { translate } from '../i18n/translate';
import { AppError } from '../lib/app-error';
import { isDatabaseUnavailable } from '../lib/db-unavailable';

interface Issue {
  path: string;
  message: string;
}

function validationIssues(err: unknown): Issue[] | undefined {
  if (err instanceof ZodError)
    return err.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  if (hasZodFastifySchemaValidationErrors(err)) {
    return err.validation.map((issue) => {
      const zodPath = (issue.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path;
      return {
        path: zodPath?.length
          ? zodPath.map(String).join('.')
          : issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'invalid',
      };
    });
  }
  return undefined;
}

/** Our schemas carry message keys; a library's own (English) text is replaced by the translated generic one. */
function fieldMessage(locale: Locale, message: string, siteVars: Record<string, number>): string {
  return message.startsWith('validation.')
    ? translate(locale, message, { ...siteVars, ...VALIDATION_VARS[message] })
    : translate(locale, 'errors.validation_failed');
}

/** Values of the request's site that validation messages mention (the minimum age). */
async function siteVars(req: FastifyRequest): Promise<Record<string, number>> {
  try {
    const { site } = await req.resolveSite();
    return { min_age: site.minAge };
  } catch {
    return { min_age: 18 };
  }
}

/** One JSON error shape for the whole API: `{ error: { code, message, fields? } }`, in the request's locale. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (err: FastifyError | AppError, req, reply) => {
    const locale = req.locale ?? DEFAULT_LOCALE;
    if (err instanceof AppError) {
      const fields = err.fields
        ? Object.fromEntries(
            Object.entries(err.fields).map(([f, e]) => [f, translate(locale, e.key, e.vars)]),
          )
        : undefined;
      return reply.status(err.statusCode).send({
        error: {
          code: err.code,
          message: translate(locale, err.messageKey, err.vars),
          ...(fields ? { fields } : {}),
          ...err.details,
        },
      });
    }
    const issues = validationIssues(err);
    if (issues) {
      const fields: Record<string, string> = {};
      const vars = await siteVars(req);
      for (const issue of issues) fields[issue.path || '_'] ??= fieldMessage(locale, issue.message, vars);
      const first = Object.values(fields)[0];
      return reply.status(400).send({
        error: {
          code: 'validation_failed',
          message: first ?? translate(locale, 'errors.validation_failed'),
          fields,
        },
      });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ error: { code: 'rate_limited', message: translate(locale, 'errors.rate_limited') } });
    }
    if (status === 413) {
      return reply.status(413).send({
        error: { code: 'payload_too_large', message: translate(locale, 'errors.payload_too_large') },
      });
    }
    if (status === 500 && isDatabaseUnavailable(err)) {
      // PostgreSQL away (a restart, a failover): a clear, retryable answer; the pools reconnect on the next use.
      req.log.warn({ err }, 'database unavailable');
      return reply.status(503).send({
        error: { code: 'temporarily_unavailable', message: translate(locale, 'errors.generic') },
      });
    }
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply
        .status(status)
        .send({ error: { code: 'internal', message: translate(locale, 'errors.generic') } });
    }
    // Malformed JSON, wrong content type and other client errors raised by Fastify itself.
    return reply.status(status).send({
      error: {
        code: err.code ? err.code.toLowerCase() : 'bad_request',
        message: translate(locale, 'errors.bad_request'),
      },
    });
  });
});
