/**
 * The registry of read model versions, in the read store beside the read models: per
 * model, every version built and its state. The projections' process is its only writer;
 * query services read it to know which version's collections to read.
 *
 * - building: followed by the runner, not read by queries (unless the model has no live version yet);
 * - live: the version queries read (at most one per model), followed by the runner;
 * - retired: was live, no longer followed; its collections stay, readable by reads that
 *   resolved it before the switch, until the version is dropped.
 *
 * Each version's checkpoint (position, whether it caught up) is the runner's, under
 * `<model>@<version>` in the checkpoints collection (checkpoints.ts).
 */
import type { AuditReadModels, AuditReadModelVersion } from '@stays/contracts';
import type { ReadStore } from '@stays/read-store';

export const READ_MODEL_VERSIONS_COLLECTION = 'read_model_versions';

export type VersionState = 'building' | 'live' | 'retired';

export interface VersionEntry {
  readonly version: number;
  /** The definition's version whose handlers build it: the runner follows only versions of the definition it runs. */
  readonly schema: number;
  readonly state: VersionState;
  /** Built because no live version had the definition's handlers: goes live by itself once caught up. */
  readonly goLiveWhenCaughtUp: boolean;
  /** Its physical collections, so a reader without the definition (a query service's status) can count its documents. */
  readonly collections: readonly string[];
  readonly createdAt: string;
}

export interface RegistryDocument {
  _id: string;
  versions: VersionEntry[];
  [key: string]: unknown;
}

export async function readRegistry(store: ReadStore): Promise<Map<string, readonly VersionEntry[]>> {
  const documents = await store.collection<RegistryDocument>(READ_MODEL_VERSIONS_COLLECTION).find({});
  return new Map(documents.map((document) => [document._id, document.versions]));
}

export async function writeVersions(store: ReadStore, model: string, versions: readonly VersionEntry[]): Promise<void> {
  await store.collection<RegistryDocument>(READ_MODEL_VERSIONS_COLLECTION).updateOne({ _id: model }, { $set: { versions: [...versions] } }, { upsert: true });
}

/** The version queries read: the live one, or before any went live the newest being built (what a first start fills). */
export function servingVersion(versions: readonly VersionEntry[]): number | undefined {
  const live = versions.find((entry) => entry.state === 'live');
  if (live !== undefined) return live.version;
  const building = versions.filter((entry) => entry.state === 'building');
  return building.length > 0 ? Math.max(...building.map((entry) => entry.version)) : undefined;
}

/**
 * The version whose checkpoint says how far the model's queries see: the serving one,
 * except while a live version built by older handlers waits for its replacement to catch
 * up (nobody follows it then, so its position does not move): none.
 */
export function followedServingVersion(versions: readonly VersionEntry[]): number | undefined {
  const replacing = versions.some((entry) => entry.state === 'building' && entry.goLiveWhenCaughtUp);
  if (replacing && versions.some((entry) => entry.state === 'live')) return undefined;
  return servingVersion(versions);
}

interface StoredCheckpoint {
  _id: string;
  position: number;
  caughtUp?: boolean;
  [key: string]: unknown;
}

/**
 * Every registered read model with each version's state, position, lag behind `head` and
 * documents, as the read store records them: what a query service in any process answers.
 */
export async function storedReadModelsStatus(store: ReadStore, checkpointsCollection: string, head: number | null): Promise<AuditReadModels> {
  const registry = await readRegistry(store);
  const checkpoints = await store.collection<StoredCheckpoint>(checkpointsCollection).find({
    _id: { $in: [...registry].flatMap(([model, versions]) => versions.map((entry) => `${model}@${entry.version}`)) },
  });
  const byName = new Map(checkpoints.map((checkpoint) => [checkpoint._id, checkpoint]));
  const models = await Promise.all(
    [...registry]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(async ([name, versions]) => ({
        name,
        live: versions.find((entry) => entry.state === 'live')?.version ?? null,
        versions: await Promise.all(
          versions.map(async (entry): Promise<AuditReadModelVersion> => {
            const checkpoint = byName.get(`${name}@${entry.version}`);
            const position = checkpoint !== undefined && checkpoint.position >= 0 ? checkpoint.position : null;
            const counts = await Promise.all(entry.collections.map((collection) => store.collection(collection).estimatedDocumentCount()));
            return {
              version: entry.version,
              state: entry.state,
              position,
              caughtUp: checkpoint?.caughtUp === true,
              lag: entry.state === 'retired' ? null : Math.max(0, (head ?? -1) - (position ?? -1)),
              documents: counts.reduce((sum, count) => sum + count, 0),
            };
          }),
        ),
      })),
  );
  return { head, models };
}
