import type { ReadStore } from '@stays/read-store';

export const CHECKPOINTS_COLLECTION = 'projection_checkpoints';

interface CheckpointDocument {
  _id: string;
  /** Position of the last event the projection has fully applied. */
  position: number;
  version: number;
  updatedAt: string;
  [key: string]: unknown;
}

export async function readCheckpoint(store: ReadStore, name: string, version: number): Promise<number | undefined> {
  const doc = await store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).findOne({ _id: name });
  return doc !== null && doc.version === version ? doc.position : undefined;
}

export async function writeCheckpoint(store: ReadStore, name: string, version: number, position: number): Promise<void> {
  await store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).updateOne(
    { _id: name },
    { $set: { position, version, updatedAt: new Date().toISOString() } },
    { upsert: true },
  );
}

export async function clearCheckpoint(store: ReadStore, name: string): Promise<void> {
  await store.collection(CHECKPOINTS_COLLECTION).deleteOne({ _id: name });
}

/** Lowest checkpoint across projections (undefined when any has none): how far the whole read side is. */
export async function readSideCheckpoint(store: ReadStore, names: readonly string[]): Promise<number | undefined> {
  const docs = await store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).find({ _id: { $in: [...names] } });
  if (docs.length < names.length) return undefined;
  return Math.min(...docs.map((doc) => doc.position));
}
