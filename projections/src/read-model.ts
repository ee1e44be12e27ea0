/**
 * A read model in one definition: its name and version, its collections (logical names)
 * with their indexes, a handler per event type it cares about, and the queries the query
 * side asks of it. The runner builds each version into its own physical collections
 * (`<name>_v<version>_<collection>`) beside the others, so a new version is built while
 * queries keep reading the live one; queries name logical collections and read whichever
 * version the registry (registry.ts) says is live.
 */
import { parseEvent, parseEventWithoutPersonalFields } from '@stays/contracts';
import type { Document, ReadCollection } from '@stays/read-store';
import type { EventHandlers, EventMeta, IndexDefinition, ProjectedWrite, ProjectionDefinition } from './projection.ts';

/** An index of one of the model's collections. */
export interface CollectionIndex {
  readonly keys: Record<string, 1 | -1>;
  readonly unique?: boolean;
}

/** What queries may do with a collection: read it. Only the runner writes read models. */
export type QueryCollection<T extends Document = Document> = Pick<ReadCollection<T>, 'find' | 'findOne' | 'countDocuments' | 'findAndCount' | 'aggregate'>;

/** A read model's collections as its queries see them: by logical name, in the live version. */
export interface ReadModelStore {
  collection<T extends Document = Document>(name: string): QueryCollection<T>;
}

export interface ReadModelDefinition<Queries = unknown> {
  /** Stable name: the registry, the checkpoints and the physical collections are named after it. */
  readonly name: string;
  /** Bump when the handlers or the documents change: a version above every built one is built beside the live one at start and goes live once caught up. */
  readonly version: number;
  /** Logical collection name → its indexes. */
  readonly collections: Readonly<Record<string, readonly CollectionIndex[]>>;
  /** A handler per event type; it returns writes to the model's logical collections. */
  readonly on: EventHandlers;
  /**
   * `'none'`: the handlers read no personal field (personal-data.ts in contracts), so they
   * get each event's data without them, read from the log as stored: no key is read and
   * nothing decrypted, and a rebuild runs as fast as over a log without encryption.
   * Default `'read'`: the data as the personal-data layer opens it.
   */
  readonly personalFields?: 'read' | 'none';
  readonly queries: (store: ReadModelStore) => Queries;
}

const READ_MODEL = Symbol.for('stays.read-model');

export type ReadModel<Queries = unknown> = ReadModelDefinition<Queries> & { readonly [READ_MODEL]: true };

export function defineReadModel<Queries>(definition: ReadModelDefinition<Queries>): ReadModel<Queries> {
  if (!/^[a-z][a-z0-9-]*$/.test(definition.name)) throw new Error(`read model name ${definition.name}: lower case letters, digits and dashes`);
  if (!Number.isSafeInteger(definition.version) || definition.version < 1)
    throw new Error(`read model ${definition.name}: version must be a whole number from 1`);
  return { ...definition, [READ_MODEL]: true };
}

export const isReadModel = (value: unknown): value is ReadModel =>
  typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[READ_MODEL] === true;

/** Where a version of a model keeps one of its collections. */
export const physicalCollection = (model: string, version: number, collection: string): string => `${model}_v${version}_${collection}`;

/** The runner's and the checkpoints' name of one version of a model. */
export const versionName = (model: string, version: number): string => `${model}@${version}`;

const NO_WRITES: readonly ProjectedWrite[] = [];

/**
 * One version of a model as the runner runs it: an event of a type it has a handler for
 * is parsed once, with its contracts schema at its current version (`parseEvent`, which
 * upcasts older versions), and handed to that handler typed; other events are not read at all. Data the schema does not read stops the
 * version (EventDataError) rather than writing a wrong document. Writes go to the
 * version's physical collections; a write to a collection the model does not declare is refused.
 */
export function versionProjection(model: ReadModelDefinition, version: number): ProjectionDefinition {
  const physical = new Map(Object.keys(model.collections).map((logical) => [logical, physicalCollection(model.name, version, logical)]));
  const handlers = model.on as Readonly<Record<string, ((data: unknown, meta: EventMeta) => readonly ProjectedWrite[]) | undefined>>;
  const indexes: IndexDefinition[] = Object.entries(model.collections).flatMap(([logical, list]) =>
    list.map((index) => ({ collection: physical.get(logical)!, keys: index.keys, ...(index.unique !== undefined && { unique: index.unique }) })),
  );
  const readsNoPersonalFields = model.personalFields === 'none';
  const parse = readsNoPersonalFields ? parseEventWithoutPersonalFields : parseEvent;
  return {
    name: versionName(model.name, version),
    version,
    collections: [...physical.values()],
    indexes,
    ...(readsNoPersonalFields && { fromStoredLog: true }),
    project(event) {
      const handle = Object.hasOwn(handlers, event.type) ? handlers[event.type] : undefined;
      if (handle === undefined) return NO_WRITES;
      return handle(parse(event).data, event).map((write) => {
        const collection = physical.get(write.collection);
        if (collection === undefined) throw new Error(`read model ${model.name} wrote to ${write.collection}, which it does not declare`);
        return { collection, operation: write.operation };
      });
    },
  };
}
