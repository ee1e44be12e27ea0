/**
 * The query side's view of the read models: each model's collections by logical name, in
 * the version the registry says queries read. The registry is read at most once per
 * `maxAgeMs` (only while queries run), so a query service in another process than the
 * projections notices a switch within that time; a read that resolved the old version
 * before the switch still succeeds, as its collections stay until the version is dropped.
 */
import type { Document, ReadStore } from '@stays/read-store';
import { physicalCollection, type QueryCollection, type ReadModelDefinition, type ReadModelStore } from './read-model.ts';
import { readRegistry, servingVersion, type VersionEntry } from './registry.ts';

/** How old the query side's copy of the registry may be: a switch shows within this. */
export const REGISTRY_MAX_AGE_MS = 500;

export interface LiveReadModels {
  /** The model's collections as its queries read them. */
  store(model: ReadModelDefinition): ReadModelStore;
  /** The version queries of the model read now (the definition's own before any is registered). */
  servingVersion(model: ReadModelDefinition): Promise<number>;
}

export function liveReadModels(readStore: ReadStore, maxAgeMs = REGISTRY_MAX_AGE_MS): LiveReadModels {
  let registry: Map<string, readonly VersionEntry[]> | null = null;
  let readAt = -Infinity;
  let reading: Promise<Map<string, readonly VersionEntry[]>> | null = null;

  const current = (): Promise<Map<string, readonly VersionEntry[]>> => {
    if (registry !== null && performance.now() - readAt < maxAgeMs) return Promise.resolve(registry);
    reading ??= readRegistry(readStore)
      .then((read) => {
        registry = read;
        readAt = performance.now();
        return read;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  const versionOf = async (model: ReadModelDefinition): Promise<number> => servingVersion((await current()).get(model.name) ?? []) ?? model.version;

  return {
    servingVersion: versionOf,
    store(model) {
      return {
        collection<T extends Document>(name: string): QueryCollection<T> {
          if (!Object.hasOwn(model.collections, name)) throw new Error(`read model ${model.name} has no collection ${name}`);
          const resolved = async () => readStore.collection<T>(physicalCollection(model.name, await versionOf(model), name));
          return {
            find: async (filter, options) => (await resolved()).find(filter, options),
            findOne: async (filter, options) => (await resolved()).findOne(filter, options),
            countDocuments: async (filter) => (await resolved()).countDocuments(filter),
            findAndCount: async (filter, options) => (await resolved()).findAndCount(filter, options),
            aggregate: async (pipeline) => (await resolved()).aggregate(pipeline),
          };
        },
      };
    },
  };
}
