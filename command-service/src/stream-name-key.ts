/**
 * Ties a log to the key its stream names are made with (STREAM_NAME_KEY). Every email
 * unique-key and contact stream is found by its keyed name, so a service started with
 * another key, or on a log written before names were keyed, would find none of them and
 * silently let a second account take a taken email. Instead it refuses to start, in one
 * line for the operator.
 *
 * The tie is a unique-key stream named by the key's check value (`streamnamekey-{check}`,
 * which shows which key and nothing of it): written on the first start on an empty log,
 * and by `npm run events -- migrate-stream-names` on the log it rewrites.
 */
import type { EventStore } from '@stays/event-store';
import { streams } from '@stays/contracts';
import { ConfigError, type KeyedStreamNames } from '@stays/service-kit';
import { reserveUniqueKey } from './unique-keys.ts';

/** What holds the tie: the log itself. */
const HOLDER = 'log';

export class StreamNameKeyError extends ConfigError {}

/** Records that this log's stream names are made with this key (idempotent). */
export async function tieLogToStreamNameKey(store: EventStore, names: KeyedStreamNames): Promise<void> {
  await reserveUniqueKey(store, streams.streamNameKey(names.keyCheck()), HOLDER, 'the log is tied to another stream name key', { actor: 'system' });
}

/**
 * At start: the log must be tied to this key; an empty one is tied to it now. Throws
 * StreamNameKeyError for a log with records and no tie to this key.
 */
export async function assertLogUsesStreamNameKey(store: EventStore, names: KeyedStreamNames): Promise<void> {
  const tie = streams.streamNameKey(names.keyCheck());
  const tied = async () => (await store.readStream(tie, { maxCount: 1 })).length > 0;
  if (await tied()) return;
  if ((await store.headPosition()) === null) return tieLogToStreamNameKey(store, names);
  // another replica starting on the same empty log may have tied it in between
  if (await tied()) return;
  throw new StreamNameKeyError(
    'refusing to start: the stream names in this log were not made with this STREAM_NAME_KEY. A log written before stream names were keyed ' +
      'needs `npm run events -- migrate-stream-names` (docs/operations.md); otherwise give STREAM_NAME_KEY (embedded: DATA_DIR/keys/stream-name.secret) the key the log was written with.',
  );
}
