import type { Context, Middleware } from 'koa';
import { messages } from '@stays/contracts';
import { AppError, ServiceUnavailableError, TooManyRequestsError } from './errors.ts';
import { failureBody } from './envelope.ts';
import { processLogger } from '../observability/logger.ts';
import { routeLabel } from '../observability/request-observation.ts';

export interface ErrorHandlerOptions {
  /**
   * A service's own errors as AppErrors (the command side's domain errors, say); undefined
   * for errors it does not know, which are then described as below.
   */
  readonly toAppError?: (error: unknown) => AppError | undefined;
}

/**
 * Outermost middleware: turns every error into `{success:false, message, statusCode}`.
 * AppErrors keep their status and message. Errors from body parsing (co-body's
 * `status`, formidable's `httpCode`) are mapped to a clear message of ours. Anything
 * else is a bug: 500 with a generic message, and the error goes to `app.emit('error')`
 * for logging — its message and stack never reach the client. A refusal the product
 * chose (an AppError of 503, say) is an answer, not a bug, and is not logged.
 */
export function errorHandler(options: ErrorHandlerOptions = {}): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = failureBody(404, messages.server.routeNotFound);
      }
    } catch (thrown) {
      const error = options.toAppError?.(thrown) ?? thrown;
      const { statusCode, message, field } = describe(error);
      if ((error instanceof TooManyRequestsError || error instanceof ServiceUnavailableError) && error.retryAfterSeconds !== undefined) {
        ctx.set('Retry-After', String(error.retryAfterSeconds));
      }
      ctx.status = statusCode;
      ctx.body = failureBody(statusCode, message, field);
      // AppErrors are answers the product chose (a busy line, a store that cannot be reached
      // for now, a sign-in not configured), with a message for the person: only the rest is a bug
      if (statusCode >= 500 && !(error instanceof AppError)) ctx.app.emit('error', thrown, ctx);
    }
  };
}

function describe(error: unknown): { statusCode: number; message: string; field?: string } {
  if (error instanceof AppError) return { statusCode: error.statusCode, message: error.message, field: error.field };
  const status = httpStatusOf(error);
  if (status === 413) return { statusCode: 413, message: messages.server.payloadTooLarge };
  if (status === 415) return { statusCode: 415, message: messages.server.unsupportedMediaType };
  if (status === 405) return { statusCode: 405, message: messages.server.methodNotAllowed };
  // the router's answer to a method no route serves (TRACE, CONNECT, …): the client's mistake, not ours
  if (status === 501) return { statusCode: 405, message: messages.server.methodNotAllowed };
  if (status === 400) {
    // co-body rethrows JSON.parse's SyntaxError with status 400
    const malformed = error instanceof SyntaxError || (error as { type?: string }).type === 'entity.parse.failed';
    return { statusCode: 400, message: malformed ? messages.server.malformedJson : messages.server.invalidField('body', 'could not be read') };
  }
  if (status !== undefined && status < 500) return { statusCode: status, message: messages.server.invalidField('request', 'was refused') };
  return { statusCode: 500, message: messages.server.internalError };
}

/** An error status (400 or more) carried by errors of co-body/raw-body (`status`), formidable (`httpCode`) and koa (`status`). */
function httpStatusOf(error: unknown): number | undefined {
  const candidate = (error ?? {}) as { status?: unknown; statusCode?: unknown; httpCode?: unknown };
  for (const value of [candidate.status, candidate.statusCode, candidate.httpCode]) {
    if (typeof value === 'number' && value >= 400) return value;
  }
  return undefined;
}

/** Logs unexpected errors once, without request bodies (they may carry passwords). */
export function logUnexpectedErrors(
  app: { on(event: 'error', listener: (error: unknown, ctx?: Context) => void): unknown },
  log: (line: string) => void = (line) => processLogger().error(line),
): void {
  app.on('error', (error: unknown, ctx?: Context) => {
    if (clientWentAway(error)) return;
    // the route's pattern and the request id, never the raw path (ids, and a reset link's token)
    const requestId = ctx?.state.requestId as string | undefined;
    // Stryker disable next-line StringLiteral: the route's pattern is logged whole, whatever prefix it is given as ours
    const route = routeLabel((ctx as { _matchedRoute?: unknown } | undefined)?._matchedRoute, '');
    const where = ctx ? `${ctx.method} ${route}${requestId !== undefined ? ` (request ${requestId})` : ''}` : 'server';
    log(`[error] ${where}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  });
}

/** A client that closed its connection before the answer was sent (a closed tab, a cancelled download) is not a server error. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);
function clientWentAway(error: unknown): boolean {
  return typeof error === 'object' && error !== null && CLIENT_GONE.has(String((error as { code?: unknown }).code));
}
