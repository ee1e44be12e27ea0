/**
 * Which of the MongoDB driver's errors a later try may fix: the read store's adapter says
 * ReadStoreUnavailableError for them (port-errors.ts), and the personal data key store
 * KeyStoreUnavailableError (`@stays/read-store/mongodb-errors`), so both tell an election or
 * a dropped connection from a bad request the same way.
 */
import { MongoBulkWriteError, MongoError, MongoNetworkError, MongoServerSelectionError } from 'mongodb';

/**
 * Server error codes that mean "not now": the driver's retryable read/write codes
 * (HostUnreachable 6, HostNotFound 7, NetworkTimeout 89, ShutdownInProgress 91,
 * PrimarySteppedDown 189, ExceededTimeLimit 262, SocketException 9001,
 * NotWritablePrimary 10107, InterruptedAtShutdown 11600, InterruptedDueToReplStateChange
 * 11602, NotPrimaryNoSecondaryOk 13435, NotPrimaryOrSecondary 13436,
 * ReadConcernMajorityNotAvailableYet 134) and WriteConcernTimeout 64. A bulk write with an
 * updateMany is not a retryable write, so the driver hands these to us instead of retrying.
 */
const TRANSIENT_CODES = new Set([6, 7, 64, 89, 91, 134, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436]);

/**
 * Labels the server or driver puts on errors whose operation may be tried again. The
 * driver labels network errors RetryableWriteError on a replica set (whether or not the
 * command itself could be retried) and ResetPool when it drops a broken server's pool.
 */
const TRANSIENT_LABELS = ['RetryableWriteError', 'TransientTransactionError', 'RetryableError', 'PoolRequestedRetry', 'SystemOverloadedError', 'ResetPool'];

export function isTransientMongoError(error: unknown): boolean {
  if (error instanceof MongoNetworkError || error instanceof MongoServerSelectionError) return true;
  if (!(error instanceof MongoError)) return false;
  if (TRANSIENT_LABELS.some((label) => error.hasErrorLabel(label))) return true;
  if (TRANSIENT_CODES.has(Number(error.code))) return true;
  if (error instanceof MongoBulkWriteError) {
    // A bulk write the server interrupted part-way reports the interrupted operation as
    // its first write error.
    const first = writeErrorsOf(error)[0];
    if (first && TRANSIENT_CODES.has(Number(first.code))) return true;
    // One that failed before the server answered copies the driver's error's own fields
    // (bulk/common.js): a network error's `beforeHandshake`, a server selection timeout's
    // `reason` (the topology it could not find a primary in).
    if ('beforeHandshake' in error || 'reason' in error) return true;
  }
  return false;
}

/** The shape of the driver's WriteError (not exported by the driver): the raw error and its operation. */
export interface WriteErrorLike {
  readonly code: number;
  readonly index: number;
  readonly errmsg?: string;
  readonly err?: { readonly op?: unknown };
}

export function writeErrorsOf(error: MongoBulkWriteError): WriteErrorLike[] {
  const writeErrors = error.writeErrors as unknown;
  if (Array.isArray(writeErrors)) return writeErrors as WriteErrorLike[];
  return writeErrors ? [writeErrors as WriteErrorLike] : [];
}
