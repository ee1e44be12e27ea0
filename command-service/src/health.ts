/** The command service's own health, for its container (the gateway sends /healthz to the query side). */
import type { Middleware } from 'koa';
import { describeError, type EventStore } from '@stays/event-store';
import { failureBody } from '@stays/service-kit';

const ANSWER_WITHIN_MS = 2000;

/**
 * GET /healthz for the container's healthcheck (the gateway sends /healthz to the query
 * side): 200 while EventStoreDB answers and takes appends, since no command can be taken without it.
 */
export function healthRoute(eventStore: EventStore): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/healthz' || ctx.method !== 'GET') return next();
    const refusal = eventStore.refusingAppends?.();
    if (refusal) {
      ctx.status = 503;
      ctx.body = failureBody(503, `the event log refuses writes: ${refusal.message}`);
      return;
    }
    try {
      await Promise.race([
        eventStore.headPosition(),
        new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS).unref()),
      ]);
      ctx.body = { success: true, message: 'ready', data: null };
    } catch (error) {
      ctx.status = 503;
      ctx.body = failureBody(503, `EventStoreDB does not answer: ${describeError(error)}`);
    }
  };
}
