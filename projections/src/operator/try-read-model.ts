/**
 * `npm run projection -- try <file>`: runs a read model file over the log in the CLI's own
 * process, into a read store in memory, and tells what it made: the running product is not
 * involved (the embedded log is read beside its writer, read-only; EventStoreDB's `$all` is
 * read like any reader's). Handlers get each event's data as stored without its personal
 * fields (what a `personalFields: 'none'` model gets), as this process holds no key.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RecordedEvent } from '@stays/event-store';
import { createEmbeddedReadStore, type Document } from '@stays/read-store';
import { applyInOrder, guardedWrites } from '../apply.ts';
import { physicalCollection, versionProjection, type ReadModel } from '../read-model.ts';
import { readModelsExported } from '../read-models/index.ts';

/** A file that cannot be tried: missing, not loading, defining no read model, or a handler that failed. */
export class TryError extends Error {
  override readonly name = 'TryError';
}

export interface TriedCollection {
  readonly name: string;
  readonly documents: number;
  readonly first: readonly Document[];
}

export interface TriedReadModel {
  readonly name: string;
  readonly version: number;
  /** Events read from the log, and of those the ones of a type the model handles. */
  readonly events: number;
  readonly handled: number;
  /** Position of the last event read (null: the log is empty). */
  readonly position: number | null;
  readonly collections: readonly TriedCollection[];
  readonly personalFieldsLeftOut: boolean;
  readonly milliseconds: number;
}

/** The read models a file defines (its exported `defineReadModel` values), or a TryError that says why there are none. */
export async function readModelsOfFile(file: string): Promise<ReadModel[]> {
  const absolute = path.resolve(file);
  const found = await stat(absolute).catch(() => null);
  if (found === null || !found.isFile()) throw new TryError(`no file ${file}`);
  let exports: Record<string, unknown>;
  try {
    exports = (await import(`${pathToFileURL(absolute).href}?try=${found.mtimeMs}`)) as Record<string, unknown>;
  } catch (error) {
    throw new TryError(`${file} could not be loaded: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  const models = readModelsExported(exports);
  if (models.length === 0)
    throw new TryError(
      `${file} does not define a read model: export the value of defineReadModel({ name, version, collections, on, queries }) (see docs/read-models.md)`,
    );
  return models;
}

/** Runs one model over batches of the log as stored, in log order, and reports its documents (the first `shown` of each collection, in _id order). */
export async function tryReadModel(model: ReadModel, batches: AsyncIterable<readonly RecordedEvent[]>, shown: number): Promise<TriedReadModel> {
  const started = performance.now();
  const projection = versionProjection({ ...model, personalFields: 'none' }, model.version);
  const store = createEmbeddedReadStore();
  const handles = new Set(Object.keys(model.on));
  let events = 0;
  let handled = 0;
  let position: number | null = null;
  try {
    for await (const batch of batches) {
      const writes = [];
      for (const event of batch) {
        events++;
        position = event.position;
        if (!handles.has(event.type)) continue;
        handled++;
        try {
          writes.push(...guardedWrites(projection, event.position, projection.project(event)));
        } catch (error) {
          throw new TryError(
            `${model.name}: its ${event.type} handler failed on the event at position ${event.position}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      await applyInOrder(store, writes, () => undefined).catch((error: unknown) => {
        throw new TryError(`${model.name}: the read store refused its writes: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    const collections = await Promise.all(
      Object.keys(model.collections).map(async (name): Promise<TriedCollection> => {
        const collection = store.collection(physicalCollection(model.name, model.version, name));
        return { name, documents: await collection.countDocuments({}), first: await collection.find({}, { sort: { _id: 1 }, limit: shown }) };
      }),
    );
    return {
      name: model.name,
      version: model.version,
      events,
      handled,
      position,
      collections,
      personalFieldsLeftOut: model.personalFields !== 'none',
      milliseconds: performance.now() - started,
    };
  } finally {
    await store.close();
  }
}
