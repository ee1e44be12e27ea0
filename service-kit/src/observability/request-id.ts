/**
 * The request id: the one an incoming `X-Request-Id` carries when it has a safe shape (so a
 * gateway's id links its log to ours), a new one otherwise. It is held for the rest of the
 * request in async context, so the command handler can put it on the events it appends
 * without every use case passing it along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The incoming id when it is 1–64 characters of letters, digits, `.`, `_` and `-`; anything else could forge or break a log line. */
export function acceptedRequestId(incoming: string | string[] | undefined): string | undefined {
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : undefined;
}

export const requestIdFor = (incoming: string | string[] | undefined): string => acceptedRequestId(incoming) ?? randomUUID();

const context = new AsyncLocalStorage<{ readonly requestId: string }>();

export const inRequest = <T>(requestId: string, run: () => T): T => context.run({ requestId }, run);

/** The id of the HTTP request this code runs for; undefined outside one (reactors, projections). */
export const currentRequestId = (): string | undefined => context.getStore()?.requestId;
