import type Router from '@koa/router';
import { failureBody, respond } from '@stays/service-kit';
import type { QueryServiceDeps } from '../query-context.ts';

const MAX_WAIT_MS = 10_000;

/** Outside the API prefix: `/healthz`, 200 once the read side has caught up with the log, 503 before. */
export function mountHealthRoutes(router: Router, deps: QueryServiceDeps): void {
  router.get('/healthz', async (ctx) => {
    if (await deps.readSide.isCaughtUp()) respond(ctx, 200, 'ready', null);
    else {
      ctx.status = 503;
      ctx.body = failureBody(503, 'catching up with the event log');
    }
  });
}

/**
 * `/internal/projected?position=N` waits, bounded, until the read side has applied
 * position N: how a command service in another process gives its caller read-your-writes.
 * Production only, on the services' own network: the gateway does not forward `/internal/`.
 */
export function mountInternalRoutes(router: Router, deps: QueryServiceDeps): void {
  router.get('/internal/projected', async (ctx) => {
    const position = Number(ctx.query.position);
    const timeoutMs = Math.min(Number(ctx.query.timeoutMs ?? 5000) || 5000, MAX_WAIT_MS);
    if (!Number.isSafeInteger(position) || position < 0) {
      ctx.status = 400;
      ctx.body = failureBody(400, 'position: must be a whole number');
      return;
    }
    const reached = await deps.readSide.waitFor(position, timeoutMs);
    if (reached) respond(ctx, 200, 'projected', { position });
    else {
      ctx.status = 504;
      ctx.body = failureBody(504, 'the read side has not reached that position yet');
    }
  });
}
