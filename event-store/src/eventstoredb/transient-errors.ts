/**
 * Which EventStoreDB client errors a retry may fix. The client turns gRPC failures into
 * typed errors (utils/CommandError.ts in @eventstore/db-client): UNAVAILABLE (server down,
 * "Server Is Not Ready" while it starts, "Connection dropped" when it restarts),
 * CANCELLED from the server (it ends long-running calls when it shuts down), ABORTED
 * (TimeoutError), DEADLINE_EXCEEDED and NotLeader (a cluster election). After any of
 * these the client reconnects its channel on the next call. Everything else it cannot
 * name (INTERNAL on a reset stream, RESOURCE_EXHAUSTED) comes as UnknownError and is
 * worth a retry too. Refusals are not: access denied, invalid arguments, missing or
 * deleted streams, and positions this adapter cannot map.
 */
import { CancelledError, DeadlineExceededError, NotLeaderError, TimeoutError, UnavailableError, UnknownError } from '@eventstore/db-client';
import { EventStoreConnectionError } from '../errors.ts';

export function isTransientEventStoreDBError(error: unknown): boolean {
  return (
    error instanceof EventStoreConnectionError ||
    error instanceof UnavailableError ||
    error instanceof CancelledError ||
    error instanceof DeadlineExceededError ||
    error instanceof TimeoutError ||
    error instanceof NotLeaderError ||
    error instanceof UnknownError
  );
}
