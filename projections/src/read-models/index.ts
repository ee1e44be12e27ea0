/**
 * The read models, one module each (a file `<name>.ts`, or a folder with an index.ts):
 * its documents, its definition (`defineReadModel`: collections, handlers, queries). The
 * projections' process finds them by reading this folder (discoverReadModels); the query
 * service serves the queries of the models it names here (readModelQueries).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReadStore } from '@stays/read-store';
import { liveReadModels, type LiveReadModels } from '../live-read-models.ts';
import { isReadModel, type ReadModel } from '../read-model.ts';
import { accountsReadModel } from './accounts/index.ts';
import { availabilityReadModel } from './availability.ts';
import { calendarSyncReadModel } from './calendar-sync.ts';
import { bookingsReadModel } from './bookings.ts';
import { hotelsReadModel } from './hotels/index.ts';
import { occupancyReadModel } from './occupancy.ts';

export * from './accounts/index.ts';
export * from './hotels/index.ts';
export * from './bookings.ts';
export * from './occupancy.ts';
export * from './availability.ts';
export * from './calendar-sync.ts';
export { POSITION_FIELD } from '../guard.ts';

/**
 * Every read model defined in this folder, by name: each module's exported
 * `defineReadModel` values. A new model is a new file here; nothing else lists it.
 */
export async function discoverReadModels(dir: string = import.meta.dirname): Promise<ReadModel[]> {
  const found = new Map<string, ReadModel>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const module = entry.isDirectory()
      ? path.join(dir, entry.name, 'index.ts')
      : entry.isFile() && entry.name.endsWith('.ts') && entry.name !== 'index.ts' && !entry.name.endsWith('.d.ts')
        ? path.join(dir, entry.name)
        : null;
    if (module === null) continue;
    const exports = (await import(pathToFileURL(module).href)) as Record<string, unknown>;
    for (const value of Object.values(exports)) {
      if (!isReadModel(value)) continue;
      const other = found.get(value.name);
      if (other !== undefined && other !== value) throw new Error(`two read models are named ${value.name} (one in ${module})`);
      found.set(value.name, value);
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export type ReadModelQueries = ReturnType<typeof readModelQueries>;

/** The queries the query service serves, each reading its model's live version. */
export function readModelQueries(readStore: ReadStore, live: LiveReadModels = liveReadModels(readStore)) {
  return {
    accounts: accountsReadModel.queries(live.store(accountsReadModel)),
    hotels: hotelsReadModel.queries(live.store(hotelsReadModel)),
    bookings: bookingsReadModel.queries(live.store(bookingsReadModel)),
    occupancy: occupancyReadModel.queries(live.store(occupancyReadModel)),
    availability: availabilityReadModel.queries(live.store(availabilityReadModel)),
    calendarSync: calendarSyncReadModel.queries(live.store(calendarSyncReadModel)),
  };
}
