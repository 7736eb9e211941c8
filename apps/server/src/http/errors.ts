import { fieldErrors, messages, type ErrorBody } from '@roomcraft/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An answer the client is meant to see; anything else becomes a logged 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Omit<ErrorBody, 'message'> & Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const validationFailed = (errors: Record<string, string[]>) =>
  new HttpError(422, messages.validationFailed, { errors });

export const unauthenticated = () => new HttpError(401, messages.unauthenticated);
export const notFound = () => new HttpError(404, messages.notFound);
export const csrfMismatch = () => new HttpError(419, messages.csrfMismatch);
export const passwordConfirmationRequired = () =>
  new HttpError(423, messages.passwordConfirmationRequired);
export const throttled = (message: string, retryAfterMs: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(
    429,
    message.replace('{seconds}', String(seconds)),
    { retry_after: seconds },
    { 'retry-after': String(seconds) },
  );
};

/** The one error mapper: every failure leaves as ARCHITECTURE §4's error body. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.status)
        .headers(error.headers)
        .send({ message: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.split('/').filter(Boolean),
        message: issue.message ?? messages.validationFailed,
      }));
      return reply
        .code(422)
        .send({ message: messages.validationFailed, errors: fieldErrors(issues) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, wrong content type).
      return reply.code(status).send({ message: error.message, code: error.code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: messages.somethingWentWrong });
  });
}
