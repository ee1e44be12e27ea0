import type { ReadStore } from '@stays/read-store';
import { versionName } from './read-model.ts';
import { followedServingVersion, readRegistry, servingVersion, storedReadModelsStatus } from './registry.ts';

export const CHECKPOINTS_COLLECTION = 'projection_checkpoints';

interface CheckpointDocument {
  _id: string;
  /** Position of the last event the projection has fully applied. */
  position: number;
  version: number;
  /** Position of the last event that changed the projection's documents (for caches). */
  changedAt?: number;
  /** Set once the projection has caught up with the log after (re)starting from scratch. */
  caughtUp?: boolean;
  /** The projections worker's latest report on this projection (see ProjectionRunner.publishHealth). */
  health?: HealthReport & { at: string };
  updatedAt: string;
  [key: string]: unknown;
}

export async function readCheckpoint(store: ReadStore, name: string, version: number): Promise<number | undefined> {
  const doc = await store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).findOne({ _id: name });
  return doc !== null && doc.version === version && doc.position >= 0 ? doc.position : undefined;
}

export async function writeCheckpoint(store: ReadStore, name: string, version: number, position: number, changedAt?: number): Promise<void> {
  await store
    .collection<CheckpointDocument>(CHECKPOINTS_COLLECTION)
    .updateOne(
      { _id: name },
      { $set: { position, version, updatedAt: new Date().toISOString(), ...(changedAt !== undefined && { changedAt }) } },
      { upsert: true },
    );
}

export interface HealthReport {
  readonly healthy: boolean;
  readonly state: string;
  readonly lagMs: number | null;
  readonly error: string | null;
}

export async function writeHealthReport(store: ReadStore, name: string, report: HealthReport, now: Date = new Date()): Promise<void> {
  await store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).updateOne({ _id: name }, { $set: { health: { ...report, at: now.toISOString() } } });
}

export async function clearCheckpoint(store: ReadStore, name: string): Promise<void> {
  await store.collection(CHECKPOINTS_COLLECTION).deleteOne({ _id: name });
}

/** Marks the projection caught up; on an empty log this creates its checkpoint with position -1 ("nothing yet"). */
export async function markCaughtUp(store: ReadStore, name: string, version: number): Promise<void> {
  await store
    .collection<CheckpointDocument>(CHECKPOINTS_COLLECTION)
    .updateOne({ _id: name }, { $set: { caughtUp: true }, $setOnInsert: { position: -1, version, updatedAt: new Date().toISOString() } }, { upsert: true });
}

/** Lowest checkpoint across the projections named (undefined when any has none): how far the whole read side is. */
async function readSideCheckpoint(store: ReadStore, names: readonly string[]): Promise<number | undefined> {
  const docs = await store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).find({ _id: { $in: [...names] } });
  if (docs.length < names.length) return undefined;
  // none followed (Math.min of nothing): Infinity, nothing to wait for
  return Math.min(...docs.map((doc) => doc.position));
}

/** Every read model's versions as the read store records them, in any process that reads it (the auditors' status page). */
export const recordedReadModels = (store: ReadStore, head: number | null) => storedReadModelsStatus(store, CHECKPOINTS_COLLECTION, head);

/** How often the projections worker reports each projection's health (ProjectionRunner.publishHealth). */
export const HEALTH_REPORT_INTERVAL_MS = 5000;
/** A report older than this means the worker stopped reporting: dead, hung or cut off. */
export const HEALTH_REPORT_MAX_AGE_MS = 4 * HEALTH_REPORT_INTERVAL_MS;

export interface StoredProjectionHealth {
  readonly name: string;
  readonly healthy: boolean;
  /** Why it is not healthy (null when it is). */
  readonly reason: string | null;
  readonly lagMs: number | null;
  readonly reportedAt: string | null;
}

/**
 * Read-side progress for a query service in another process than the projections: read
 * from the registry (which version of each read model queries read) and that version's
 * stored checkpoint, polled while waiting.
 */
export function checkpointProgress(store: ReadStore, models: readonly string[], pollMs = 20) {
  /**
   * The checkpoints that say how far queries see: of each model's version whose progress
   * they see (see followedServingVersion; none while its live version waits to be
   * replaced); and the models the worker has not registered yet.
   */
  const followed = async (): Promise<{ names: string[]; unregistered: string[] }> => {
    const registry = await readRegistry(store);
    const names: string[] = [];
    const unregistered: string[] = [];
    for (const model of models) {
      const versions = registry.get(model) ?? [];
      const version = followedServingVersion(versions);
      if (versions.length === 0) unregistered.push(model);
      else if (version !== undefined) names.push(versionName(model, version));
    }
    return { names, unregistered };
  };
  const checkpoints = (names: readonly string[]) => store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).find({ _id: { $in: [...names] } });
  return {
    /**
     * Healthy when every projection has caught up once and the worker's latest report on
     * it is fresh and healthy: projections that died, lost the log or fell behind turn it
     * unhealthy within a report's age.
     */
    async health(now: number = Date.now()): Promise<{ healthy: boolean; projections: StoredProjectionHealth[] }> {
      const { names, unregistered } = await followed();
      const docs = await checkpoints(names);
      const projections = names.map((name): StoredProjectionHealth => {
        const doc = docs.find((candidate) => candidate._id === name);
        const report = doc?.health;
        const age = report ? now - Date.parse(report.at) : Infinity;
        const reason = !doc
          ? 'no checkpoint yet'
          : doc.caughtUp !== true
            ? 'catching up with the event log'
            : !report
              ? 'no report from the projections worker yet'
              : age > HEALTH_REPORT_MAX_AGE_MS
                ? `no report from the projections worker for ${Math.round(age / 1000)} s`
                : !report.healthy
                  ? `${report.state}${report.error ? `: ${report.error}` : ''}${report.lagMs !== null ? ` (${Math.round(report.lagMs / 1000)} s behind)` : ''}`
                  : null;
        return { name, healthy: reason === null, reason, lagMs: report?.lagMs ?? null, reportedAt: report?.at ?? null };
      });
      for (const model of unregistered)
        projections.push({ name: model, healthy: false, reason: 'no version registered by the projections worker yet', lagMs: null, reportedAt: null });
      return { healthy: projections.every((projection) => projection.healthy), projections };
    },
    /** The version the model's queries read and the position of the last event that changed it (ReadModelRunner.changedAt). */
    async changedAt(model: string): Promise<string | undefined> {
      const version = servingVersion((await readRegistry(store)).get(model) ?? []);
      if (version === undefined) return undefined;
      const doc = await store
        .collection<CheckpointDocument>(CHECKPOINTS_COLLECTION)
        .findOne({ _id: versionName(model, version) }, { projection: { changedAt: 1 } });
      return changeStamp(version, doc?.changedAt);
    },
    async waitFor(position: number, timeoutMs: number): Promise<boolean> {
      // a monotonic clock: a stepped wall clock would end the wait early or hold it for the step
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const { names, unregistered } = await followed();
        const reached = unregistered.length > 0 ? undefined : await readSideCheckpoint(store, names);
        if (reached !== undefined && reached >= position) return true;
        if (performance.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
  };
}

/** `<version>@<position>`, `start` for no position: the one place the stamp's form is written. */
const stampOf = (version: number | string, changedAt: number | undefined): string => `${version}@${changedAt ?? 'start'}`;

/** A cache key for the documents of a read model's version: `<version>@<position of the last event that changed them>` (`start` before any). */
export const changeStamp = (version: number, changedAt: number | undefined): string => stampOf(version, changedAt);

/**
 * The stamp of the same version at another position (`none@…` without a stamp): for positions
 * read from a version's own documents, which are positions in that version only.
 */
export const stampAt = (stamp: string | undefined, changedAt: number | undefined): string => stampOf(stamp?.slice(0, stamp.indexOf('@')) ?? 'none', changedAt);
