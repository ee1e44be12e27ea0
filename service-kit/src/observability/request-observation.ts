/**
 * The outermost middleware of an API app: gives the request its id (kept from a safe incoming
 * `X-Request-Id`, else new), returns it on every answer, runs the rest of the request in that
 * id's context, then writes one log line and counts the request by route pattern and status.
 * The line holds no path, query, header or body: a raw path carries ids and a reset link
 * carries its token, so the route's pattern stands in for it.
 */
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AuthState } from '../auth/authenticate.ts';
import type { ServiceMetrics } from './metrics.ts';
import { inRequest, requestIdFor } from './request-id.ts';

/** The route's pattern without the API prefix (`/hotel/:id`), or `unmatched` for a path no route serves (never the raw path: unbounded and may hold secrets). */
export function routeLabel(matchedRoute: unknown, apiPrefix: string): string {
  if (typeof matchedRoute !== 'string') return 'unmatched';
  return matchedRoute.startsWith(apiPrefix) ? matchedRoute.slice(apiPrefix.length) || '/' : matchedRoute;
}

export interface RequestObservationOptions {
  readonly apiPrefix: string;
  readonly logger: Logger;
  readonly metrics: Pick<ServiceMetrics, 'httpRequests' | 'httpDuration'>;
}

export function requestObservation(options: RequestObservationOptions): Middleware {
  // The request line's fields are the fixed ones written below, none of them secret or personal, so it
  // skips the logger's redaction: pino runs that for every field against every wildcard path, which
  // allocated more than a small answer's own work (docs/decisions/0038-availability-answer-allocation.md).
  const requestLines = options.logger.child({}, { redact: [] });
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFor(ctx.get('X-Request-Id') || undefined);
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await inRequest(requestId, next);
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      observe(ctx, options, requestLines, requestId, seconds);
    }
  };
}

function observe(ctx: Context, options: RequestObservationOptions, requestLines: Logger, requestId: string, seconds: number): void {
  const route = routeLabel((ctx as { _matchedRoute?: unknown })._matchedRoute, options.apiPrefix);
  const labels = { method: ctx.method, route, status: String(ctx.status) };
  options.metrics.httpRequests.inc(labels);
  options.metrics.httpDuration.observe(labels, seconds);
  const accountId = (ctx.state as Partial<AuthState>).auth?.accountId;
  requestLines.info(
    { requestId, method: ctx.method, route, status: ctx.status, durationMs: Math.round(seconds * 1e4) / 10, ...(accountId !== undefined && { accountId }) },
    'request',
  );
}
