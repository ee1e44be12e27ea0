/**
 * The read models, one module each (a file `<name>.ts`, or a folder with an index.ts):
 * its documents, its definition (`defineReadModel`: collections, handlers, queries). The
 * projections' process finds them by reading this folder (discoverReadModels); the query
 * service serves the queries of the models it names here (readModelQueries).
 */
import { readdir, stat } from 'node:fs/promises';
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

/** A module of the folder that could not be loaded, and why. */
export interface ReadModelFileFailure {
  readonly file: string;
  readonly error: string;
}

/** When this process first imported each module file, by its modification time: a file changed since is imported afresh. */
const importedVersions = new Map<string, number>();

/**
 * Imports a model's module. `fresh`: a file changed since this process first imported it
 * (or whose first import failed) is imported again under a URL naming its modification
 * time, so a running process picks up a fixed or edited file; modules it imports are
 * still the ones first loaded.
 */
async function importModule(file: string, fresh: boolean): Promise<Record<string, unknown>> {
  const url = pathToFileURL(file).href;
  const { mtimeMs } = await stat(file);
  const first = importedVersions.get(file);
  if (first === undefined) importedVersions.set(file, mtimeMs);
  const changed = fresh && first !== undefined && first !== mtimeMs;
  return (await import(changed ? `${url}?mtime=${mtimeMs}` : url)) as Record<string, unknown>;
}

/** The folders read models are found in: this one, and `extra` (READ_MODELS_DIR) when given. */
export function readModelFolders(extra?: string): string[] {
  return extra === undefined ? [import.meta.dirname] : [import.meta.dirname, extra];
}

/** The modules of the folders: a file `<name>.ts` (not index.ts), or a folder's index.ts. */
async function modulesOf(dirs: readonly string[]): Promise<string[]> {
  const modules: string[] = [];
  for (const dir of dirs) modules.push(...(await modulesOfFolder(dir)));
  return modules;
}

async function modulesOfFolder(dir: string): Promise<string[]> {
  const modules: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? new Error(`the folder of read models ${dir} does not exist (READ_MODELS_DIR)`) : error;
  });
  for (const entry of entries) {
    if (entry.isDirectory()) modules.push(path.join(dir, entry.name, 'index.ts'));
    else if (entry.isFile() && entry.name.endsWith('.ts') && entry.name !== 'index.ts' && !entry.name.endsWith('.d.ts'))
      modules.push(path.join(dir, entry.name));
  }
  return modules.sort();
}

/** The read models a module exports (its `defineReadModel` values). */
export function readModelsExported(exports: Record<string, unknown>): ReadModel[] {
  return [...new Set(Object.values(exports).filter(isReadModel))];
}

/**
 * Every read model of the folders that loads, and the modules that do not (the running
 * process's `build` looks here again, so a new file is found without a restart, and a
 * broken one is refused with its error while the others keep running).
 */
export async function findReadModels(
  dir: string | readonly string[] = import.meta.dirname,
  options: { fresh?: boolean } = {},
): Promise<{ models: ReadModel[]; failures: ReadModelFileFailure[] }> {
  const found = new Map<string, ReadModel>();
  const failures: ReadModelFileFailure[] = [];
  for (const module of await modulesOf(typeof dir === 'string' ? [dir] : dir)) {
    let exports: Record<string, unknown>;
    try {
      exports = await importModule(module, options.fresh === true);
    } catch (error) {
      failures.push({ file: module, error: error instanceof Error ? error.message.split('\n')[0]! : String(error) });
      continue;
    }
    for (const value of readModelsExported(exports)) {
      const other = found.get(value.name);
      if (other !== undefined && other !== value) {
        failures.push({ file: module, error: `two read models are named ${value.name} (one in ${module})` });
        continue;
      }
      found.set(value.name, value);
    }
  }
  return { models: [...found.values()].sort((a, b) => a.name.localeCompare(b.name)), failures };
}

/**
 * Every read model defined in this folder, by name: each module's exported
 * `defineReadModel` values. A new model is a new file here; nothing else lists it. A module
 * that does not load, or two models of one name, stop the start.
 */
export async function discoverReadModels(dir: string | readonly string[] = import.meta.dirname): Promise<ReadModel[]> {
  const { models, failures } = await findReadModels(dir);
  if (failures.length > 0)
    throw new Error(failures[0]!.error.startsWith('two read models') ? failures[0]!.error : `${failures[0]!.file}: ${failures[0]!.error}`);
  return models;
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
