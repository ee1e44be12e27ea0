/**
 * The one-process host: one HTTP entry point in front of the command app, the query app
 * and the built web client, split the way the production gateway splits them — reads
 * (GET/HEAD) under the API prefix and the operations paths go to the query side,
 * everything else under the prefix to the command side, the rest to the web client.
 */
import Koa from 'koa';
import { clientSecurityHeaders, type SecurityHeadersOptions } from '@stays/service-kit';
import { staticFiles } from './static-files.ts';

export interface HostOptions {
  readonly apiPrefix: string;
  readonly commandApp: Koa;
  readonly queryApp: Koa;
  /** The client's pages get their own security headers; the apps set those of API answers. */
  readonly security: SecurityHeadersOptions;
  /** Built web client (frontend/dist); null serves no client. */
  readonly frontendDir: string | null;
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

export function createHost(options: HostOptions): Koa {
  const command = options.commandApp.callback();
  const query = options.queryApp.callback();
  const host = new Koa();
  host.use(async (ctx, next) => {
    const underApi = ctx.path === options.apiPrefix || ctx.path.startsWith(`${options.apiPrefix}/`);
    const operations = ctx.path === '/healthz' || ctx.path.startsWith('/internal/');
    if (!underApi && !operations) return next();
    ctx.respond = false;
    const handler = operations || (underApi && isRead(ctx.method)) ? query : command;
    await handler(ctx.req, ctx.res);
  });
  host.use(clientSecurityHeaders(options.security));
  if (options.frontendDir !== null) host.use(staticFiles(options.frontendDir));
  return host;
}
