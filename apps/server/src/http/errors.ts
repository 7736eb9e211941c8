import {
  fieldErrors,
  messages,
  uploadErrors,
  type ErrorBody,
  type UploadErrorCode,
} from '@roomcraft/contracts';
import { EngineError } from '@roomcraft/engine';
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

/** The spec's upload error (413 for a file too large, else 422), naming the field when known. */
export const uploadError = (code: UploadErrorCode, field?: string) =>
  new HttpError(code === 'file_too_large' ? 413 : 422, uploadErrors[code], {
    code,
    ...(field ? { errors: { [field]: [uploadErrors[code]] } } : {}),
  });

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

export const engineBusy = () => new HttpError(503, messages.engineBusy);

/** The engine did not answer in time (our deadline, or an aborted call). */
export const isEngineTimeout = (error: unknown) =>
  (error instanceof EngineError && error.kind === 'timeout') ||
  (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'));

/** Engine errors of a free call (detection, segmentation, surfaces); other errors pass. */
export function freeEngineCallError(error: unknown): unknown {
  if (isEngineTimeout(error)) return new HttpError(504, messages.timeout);
  if (error instanceof EngineError) {
    if (error.kind === 'busy') return engineBusy();
    if (error.kind === 'model_missing')
      return new HttpError(503, error.message, { code: 'model_missing' });
    if (error.kind === 'invalid_input') return new HttpError(422, error.message);
    return new HttpError(500, messages.somethingWentWrong);
  }
  return error;
}

/**
 * Engine or storage errors of a paid generation, after its credits were refunded; `stopped` when a
 * shutdown stopped it.
 */
export function refundedGenerationError(error: unknown, stopped: boolean): HttpError {
  if (stopped) return new HttpError(503, `${messages.engineBusy}. Your credits were refunded`);
  if (isEngineTimeout(error)) {
    return new HttpError(504, messages.generationTimedOut, { code: 'timeout' });
  }
  if (error instanceof EngineError) {
    if (error.kind === 'busy')
      return new HttpError(503, `${messages.engineBusy}. Your credits were refunded`);
    if (error.kind === 'model_missing') {
      return new HttpError(503, `${error.message} Your credits were refunded.`, {
        code: 'model_missing',
      });
    }
    if (error.kind === 'invalid_input') {
      const code = error.refusal ? { code: error.refusal } : undefined;
      return new HttpError(422, `${error.message}. Your credits were refunded`, code);
    }
  }
  return new HttpError(500, messages.generationFailed, { code: 'generation_failed' });
}

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
