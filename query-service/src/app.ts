/**
 * The query service: every read, answered from read models and the notary's tree only
 * (never from the log), each through its own queries.
 * Builds the Koa app without listening; server.ts listens.
 */
import type Koa from 'koa';
import type { Middleware } from 'koa';
import Router from '@koa/router';
import { messages } from '@stays/contracts';
import { BadRequestError, createApiApp, lineLogger, type CorsOptions, type Logger, type SecurityHeadersOptions } from '@stays/service-kit';
import { readModelQueries } from '@stays/projections/read-models';
import { notaryQueries } from '@stays/notary/queries';
import type { QueryServiceDeps } from './query-context.ts';
import { mountHealthRoutes, mountInternalRoutes } from './routes/health.ts';
import { mountMediaRoutes } from './routes/media.ts';
import { mountOwnerRoutes } from './routes/owners.ts';
import { mountApiDocument } from './routes/api-document.ts';
import { mountHotelRoutes } from './hotels/routes.ts';
import { mountBookingRoutes } from './bookings/routes.ts';
import { mountAuditRoutes } from './audit/routes.ts';
import { mountNotaryRoutes } from './audit/notary-routes.ts';
import { mountReadModelRoutes } from './audit/read-model-routes.ts';
import { mountOccupancyRoutes } from './occupancy/routes.ts';

export interface QueryAppOptions {
  readonly apiPrefix: string;
  readonly cors?: CorsOptions;
  /** The public address and Google sign-in, which the security headers depend on. */
  readonly security: SecurityHeadersOptions;
  /**
   * Serve `/internal/projected`, through which command services in other processes wait for
   * the read side. Only the production query service does, on the services' own network;
   * the one-process mode tells the command side directly and exposes nothing.
   */
  readonly internalRoutes?: boolean;
  /** Where its request lines go (tests capture them); the process's logger by default. */
  readonly logger?: Logger;
}

const MIN_POSITION_WAIT_MS = 5000;

/**
 * A client that knows the commit position of its last write (the `X-Commit-Position`
 * header of a command's response) may send it back as `X-Min-Position`; the read then
 * waits, bounded, until the read models have it. A position the log has not reached is
 * refused at once: no write answered it, and waiting would only tie up the request.
 */
function minPosition(deps: QueryServiceDeps): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('X-Min-Position');
    if (header !== '') {
      const position = /^[0-9]{1,16}$/.test(header) ? Number(header) : NaN;
      if (!Number.isSafeInteger(position)) throw new BadRequestError(messages.server.minPositionInvalid);
      // the log's head is asked only when the read side is not there yet: one read of the log per waiting request, none per request that needs no wait
      if (await deps.readSide.waitFor(position, 0)) return next();
      const head = await deps.logHead();
      if (head === null || position > head) throw new BadRequestError(messages.server.minPositionBeyondLog);
      if (!(await deps.readSide.waitFor(position, MIN_POSITION_WAIT_MS))) {
        (deps.log ?? lineLogger())(`read-your-writes: the read side did not reach position ${position} within ${MIN_POSITION_WAIT_MS} ms (X-Min-Position)`);
      }
    }
    await next();
  };
}

export function createQueryApp(deps: QueryServiceDeps, options: QueryAppOptions): Koa {
  const readModels = readModelQueries(deps.readStore);
  const operations = new Router();
  mountHealthRoutes(operations, deps);
  if (options.internalRoutes === true) mountInternalRoutes(operations, deps);

  return createApiApp(
    {
      side: 'query',
      apiPrefix: options.apiPrefix,
      security: options.security,
      cors: options.cors,
      tokenVerifier: deps.tokenVerifier,
      sessionRole: (claims) => readModels.accounts.sessionRole(claims.sessionId, claims.accountId),
      before: [minPosition(deps), operations.routes() as Middleware],
      ...(options.logger !== undefined && { logger: options.logger }),
    },
    (mount) => {
      const context = { deps, readModels, notary: deps.notary ?? notaryQueries(deps.readStore, deps.treeHeads, deps.notarisedLog), mount };
      mountOwnerRoutes(context);
      mountHotelRoutes(context);
      mountBookingRoutes(context);
      mountMediaRoutes(context);
      mountAuditRoutes(context);
      mountNotaryRoutes(context);
      mountReadModelRoutes(context);
      mountOccupancyRoutes(context);
      mountApiDocument(mount, options.apiPrefix);
    },
  );
}
