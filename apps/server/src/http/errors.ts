import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { ERRORS, errorBody, statusOf, type ErrorCode, type ApiErrorBody } from '@portside/contract/errors';
import { CATALOGUE_TEXT_HEADER } from '@portside/contract/rules/error-presentation';
import { issuePaths } from '@portside/contract/schemas/issues';
import { isMessageKey, messageText } from '@portside/contract/messages';
import { isDatabaseDown } from '../db/database-errors.js';

/** A typed error of the catalogue; the handler turns it into {code,message,hint,details}. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly over: { message?: string; hint?: string | null; details?: string | null } = {},
  ) {
    super(over.message ?? code);
  }
  get status(): number {
    return statusOf(this.code);
  }
  body(): ApiErrorBody {
    return errorBody(this.code, this.over);
  }
  /** Which of the body's texts are the catalogue's own for the code (the header {@link CATALOGUE_TEXT_HEADER}). */
  catalogueTexts(): string {
    const entry: { message: string; hint?: string } = ERRORS[this.code];
    const body = this.body();
    const own = [body.message === entry.message && 'message', body.hint != null && body.hint === entry.hint && 'hint'];
    return own.filter(Boolean).join(',');
  }
}

/**
 * A 400 for a zod failure: one `p_field: key` line per field in details, texts in the hint. An
 * issue without a message key (zod's own text, e.g. a body that is not an object) is 'invalid_data'.
 */
export function validationError(e: ZodError): AppError {
  const issues = issuePaths(e).map((i) => (isMessageKey(i.key) ? i : { ...i, key: 'invalid_data' }));
  return new AppError('VALIDATION_FAILED', {
    details: issues.map((i) => `${i.path}: ${i.key}`).join('\n'),
    hint: issues.map((i) => messageText(i.key)).join('; '),
  });
}

/** Raised by invoice_vat() (migration 0021) for an account whose billing country is not a known code. */
const PG_BILLING_COUNTRY_UNKNOWN = 'PSB01';

function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return validationError(err);
  const e = err as Partial<FastifyError> & { code?: string };
  if (isDatabaseDown(err)) return new AppError('DATABASE_UNAVAILABLE');
  if (e.code === PG_BILLING_COUNTRY_UNKNOWN)
    return new AppError('BILLING_ADDRESS_INVALID', { details: 'p_country: country_invalid' });
  // Text PostgreSQL cannot hold (NUL: 22021, 22P05 in jsonb) that slipped past the request checks.
  if (e.code === '22021' || e.code === '22P05')
    return new AppError('VALIDATION_FAILED', { details: 'control_characters', hint: messageText('control_characters') });
  if (e.code === '22P02' || e.code === '22007' || e.code === '22008' || e.code === '22003')
    return new AppError('BAD_FILTER_VALUE');
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return new AppError('BAD_REQUEST', { hint: 'Send a JSON body with Content-Type: application/json' });
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError('BAD_REQUEST', { message: 'The request body is too large' });
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    if (e.statusCode === 404) return new AppError('NotFound');
    return new AppError('BAD_REQUEST', { hint: 'The request body is not valid JSON' });
  }
  return null;
}

export function sendError(reply: FastifyReply, err: AppError): FastifyReply {
  const own = err.catalogueTexts();
  if (own) reply.header(CATALOGUE_TEXT_HEADER, own);
  return reply.status(err.status).type('application/json').send(err.body());
}

/**
 * One error handler for the whole server: catalogue errors out, never a stack or SQL. The 404
 * handler is set once by the app (Fastify allows only one), which may serve the SPA there.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => {
    const known = toAppError(err);
    if (known) return sendError(reply, known);
    req.log.error({ err }, 'unhandled error');
    return sendError(reply, new AppError('INTERNAL'));
  });
}

/**
 * Fastify's clientErrorHandler: what Node refuses before a request exists (headers or query string
 * over the size limit, a request that never finished arriving, bytes that are not HTTP) is
 * answered in the catalogue's shape too, then the connection is closed.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const error = new AppError(
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'BAD_REQUEST',
  );
  const body = JSON.stringify(error.body());
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${error.status} ${http.STATUS_CODES[error.status] ?? 'Error'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\n${CATALOGUE_TEXT_HEADER}: ${error.catalogueTexts()}\r\nConnection: close\r\n\r\n${body}`,
    );
  } else {
    socket.destroy(err);
  }
}

/** The longest query string a request may carry (below Node's 16 KiB limit on all headers). */
export const MAX_QUERY_CHARS = 8 * 1024;
