/**
 * A log a benchmark writes events into directly, then starts the product on: tied to the
 * data directory's stream name key first, as a product's first start ties an empty log (a
 * log with records and no tie is refused at start, see command-service/src/stream-name-key.ts).
 */
import path from 'node:path';
import { openEmbeddedEventStore, type EventStore } from '@stays/event-store';
import { loadConfig, streamNamesFor } from '@stays/service-kit';
import { tieLogToStreamNameKey } from '../command-service/src/stream-name-key.ts';

export async function openBenchLog(dataDir: string): Promise<EventStore> {
  const store = await openEmbeddedEventStore(path.join(dataDir, 'events'));
  await tieLogToStreamNameKey(store, await streamNamesFor(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0' })));
  return store;
}
