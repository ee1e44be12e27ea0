/**
 * The one-process host: one HTTP entry point in front of the command app, the query app
 * and the built web client. A call under the API prefix goes to the side its route table
 * entry names; the operations paths go to the query side; `/metrics` to the process's metrics; the operator's calls to the
 * projections' operator API; /api-docs is the API reference page; the rest to the web client.
 */
import type http from 'node:http';
import Koa from 'koa';
import { routes, type RouteSpec, type Side } from '@stays/contracts';
import { clientSecurityHeaders, serveMetrics, type MetricsEndpointOptions, type SecurityHeadersOptions } from '@stays/service-kit';
import { staticFiles } from './static-files.ts';
import { apiDocs } from './api-docs.ts';

export interface HostOptions {
  readonly apiPrefix: string;
  readonly commandApp: Koa;
  readonly queryApp: Koa;
  /** The client's pages get their own security headers; the apps set those of API answers. */
  readonly security: SecurityHeadersOptions;
  /** Built web client (frontend/dist); null serves no client. */
  readonly frontendDir: string | null;
  /** The operator's calls under /operator/ (read model versions: `npm run projection`). */
  readonly operator: http.RequestListener;
  /** `GET /metrics`, outside the API prefix (the gateway of the production layout does not route it). */
  readonly metrics?: MetricsEndpointOptions;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The side that answers a call under the prefix: its table entry's. A call the table does
 * not know (an unknown path, or a known path with another method) goes where the gateway
 * sends it — reads to the query side, the rest to the command side — so it is answered
 * with the same 404 or 405 as in production.
 */
export function sideOfCall(apiPrefix: string, table: Record<string, RouteSpec> = routes): (method: string, path: string) => Side {
  const byMethod = new Map<string, { side: Side; pattern: RegExp }[]>();
  for (const route of Object.values(table)) {
    // as koa-router matches: each `:param` one segment, any case, an optional trailing slash
    const pattern = new RegExp(
      `^${escapeRegExp(apiPrefix)}${route.path
        .split(/:[A-Za-z]+/)
        .map(escapeRegExp)
        .join('[^/]+')}/?$`,
      'i',
    );
    byMethod.set(route.method, [...(byMethod.get(route.method) ?? []), { side: route.side, pattern }]);
  }
  return (method, path) => {
    const asMethod = method === 'HEAD' ? 'GET' : method;
    const entry = byMethod.get(asMethod)?.find((candidate) => candidate.pattern.test(path));
    if (entry !== undefined) return entry.side;
    return asMethod === 'GET' ? 'query' : 'command';
  };
}

export function createHost(options: HostOptions): Koa {
  const apps: Record<Side, ReturnType<Koa['callback']>> = { command: options.commandApp.callback(), query: options.queryApp.callback() };
  const sideOf = sideOfCall(options.apiPrefix);
  const host = new Koa();
  host.use(async (ctx, next) => {
    if (options.metrics !== undefined && ctx.path === '/metrics') {
      ctx.respond = false;
      serveMetrics(options.metrics, ctx.req, ctx.res);
      return;
    }
    if (ctx.path.startsWith('/operator/')) {
      ctx.respond = false;
      options.operator(ctx.req, ctx.res);
      return;
    }
    const underApi = ctx.path === options.apiPrefix || ctx.path.startsWith(`${options.apiPrefix}/`);
    const operations = ctx.path === '/healthz' || ctx.path.startsWith('/internal/');
    if (!underApi && !operations) return next();
    ctx.respond = false;
    await apps[operations ? 'query' : sideOf(ctx.method, ctx.path)](ctx.req, ctx.res);
  });
  // the API reference page has a CSP of its own (before the client's headers, which it does not take)
  host.use(apiDocs(options.apiPrefix));
  host.use(clientSecurityHeaders(options.security));
  if (options.frontendDir !== null) host.use(staticFiles(options.frontendDir));
  return host;
}
