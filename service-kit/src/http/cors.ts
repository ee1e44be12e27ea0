import type { Middleware } from 'koa';

export interface CorsOptions {
  /** Origins allowed to call the API from a browser; '*' allows any. */
  readonly allowedOrigins: readonly string[] | '*';
}

/**
 * CORS for a web client served from another origin: Authorization and Content-Type
 * headers, PATCH and DELETE preflights. Same-origin requests need none of it.
 */
export function cors(options: CorsOptions): Middleware {
  const allows = (origin: string): boolean =>
    options.allowedOrigins === '*' || options.allowedOrigins.includes(origin);
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    ctx.vary('Origin');
    if (origin === '' || !allows(origin)) return next();
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Access-Control-Expose-Headers', 'X-Commit-Position');
    if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method') !== '') {
      ctx.set('Access-Control-Allow-Methods', 'GET, HEAD, POST, PATCH, DELETE, OPTIONS');
      ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type');
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return;
    }
    return next();
  };
}
