import type { ReadStore } from '@stays/read-store';

const CHECKPOINTS_COLLECTION = 'projection_checkpoints';

interface CheckpointDocument {
  _id: string;
  /** Position of the last event the projection has fully applied. */
  position: number;
  version: number;
  /** Position of the last event that changed the projection's documents (for caches). */
  changedAt?: number;
  /** Set once the projection has caught up with the log after (re)starting from scratch. */
  caughtUp?: boolean;
  updatedAt: string;
  [key: string]: unknown;
}

export async function readCheckpoint(store: ReadStore, name: string, version: number): Promise<number | undefined> {
  const doc = await store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).findOne({ _id: name });
  return doc !== null && doc.version === version && doc.position >= 0 ? doc.position : undefined;
}

export async function writeCheckpoint(store: ReadStore, name: string, version: number, position: number, changedAt?: number): Promise<void> {
  await store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).updateOne(
    { _id: name },
    { $set: { position, version, updatedAt: new Date().toISOString(), ...(changedAt !== undefined && { changedAt }) } },
    { upsert: true },
  );
}

export async function clearCheckpoint(store: ReadStore, name: string): Promise<void> {
  await store.collection(CHECKPOINTS_COLLECTION).deleteOne({ _id: name });
}

/** Marks the projection caught up; on an empty log this creates its checkpoint with position -1 ("nothing yet"). */
export async function markCaughtUp(store: ReadStore, name: string, version: number): Promise<void> {
  await store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).updateOne(
    { _id: name },
    { $set: { caughtUp: true }, $setOnInsert: { position: -1, version, updatedAt: new Date().toISOString() } },
    { upsert: true },
  );
}

/** Lowest checkpoint across projections (undefined when any has none): how far the whole read side is. */
async function readSideCheckpoint(store: ReadStore, names: readonly string[]): Promise<number | undefined> {
  const docs = await store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).find({ _id: { $in: [...names] } });
  if (docs.length < names.length) return undefined;
  return Math.min(...docs.map((doc) => doc.position));
}

/**
 * Read-side progress for a query service in another process than the projections:
 * read from the stored checkpoints, polled while waiting.
 */
export function checkpointProgress(store: ReadStore, names: readonly string[], pollMs = 20) {
  return {
    async isCaughtUp(): Promise<boolean> {
      const docs = await store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).find({ _id: { $in: [...names] } });
      return docs.length === names.length && docs.every((doc) => doc.caughtUp === true);
    },
    async changedAt(name: string): Promise<number | undefined> {
      const doc = await store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).findOne({ _id: name }, { projection: { changedAt: 1 } });
      return doc?.changedAt;
    },
    async waitFor(position: number, timeoutMs: number): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const reached = await readSideCheckpoint(store, names);
        if (reached !== undefined && reached >= position) return true;
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
  };
}
