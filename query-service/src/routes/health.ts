import type Router from '@koa/router';
import { failureBody, respond } from '@stays/service-kit';
import type { QueryServiceDeps } from '../query-context.ts';
import { lineLogger } from '@stays/service-kit';

const MAX_WAIT_MS = 10_000;

/** Outside the API prefix: `/healthz`, 200 while every projection is subscribed to the log and not too far behind it, 503 with each projection's state otherwise. */
export function mountHealthRoutes(router: Router, deps: QueryServiceDeps): void {
  router.get('/healthz', async (ctx) => {
    const health = await deps.readSide.health();
    const data = { projections: health.projections, ...(health.reactors && { reactors: health.reactors }) };
    if (health.healthy) respond(ctx, 200, 'ready', data);
    else {
      ctx.status = 503;
      ctx.body = { ...failureBody(503, health.problem ?? 'the read side is not following the event log'), data };
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
      (deps.log ?? lineLogger())(`read-your-writes: the read side did not reach position ${position} within ${timeoutMs} ms`);
      ctx.status = 504;
      ctx.body = failureBody(504, 'the read side has not reached that position yet');
    }
  });
}
