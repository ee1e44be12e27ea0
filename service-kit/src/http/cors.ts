/**
 * CORS for a web client served from another origin (@koa/cors): Authorization and
 * Content-Type headers, PATCH and DELETE preflights, the commit position readable by the
 * page. An allowed origin is answered with itself (also under '*'), no credentials mode
 * (tokens travel in Authorization, never in cookies); other origins get no CORS headers.
 * Same-origin requests need none of it.
 */
import koaCors from '@koa/cors';
import type { Middleware } from 'koa';

export interface CorsOptions {
  /** Origins allowed to call the API from a browser; '*' allows any. */
  readonly allowedOrigins: readonly string[] | '*';
}

export function cors(options: CorsOptions): Middleware {
  const { allowedOrigins } = options;
  return koaCors({
    origin: (ctx) => {
      const origin = ctx.get('Origin');
      return allowedOrigins === '*' || allowedOrigins.includes(origin) ? origin : '';
    },
    allowMethods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    // a client's own request id, kept if it has a safe shape (docs/operations.md#logs)
    allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    // the commit position for read-your-writes; the size of an auditor's export, for its
    // progress; the file name a person's data export is saved under; how long a refusal
    // (429, 503) asks to wait, which the booking page counts down; the request id an
    // operator finds the call's log line and events by
    exposeHeaders: ['X-Commit-Position', 'X-Total-Count', 'Content-Disposition', 'Retry-After', 'X-Request-Id'],
    maxAge: 600,
  });
}
