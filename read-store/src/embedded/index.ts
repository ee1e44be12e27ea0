export { createEmbeddedReadStore, type EmbeddedReadStore } from './embedded-read-store.ts';
export { ReadStoreSnapshots, SNAPSHOT_FILE, type ReadStoreSnapshotsOptions } from './read-store-snapshots.ts';
export { readSnapshotFile, writeSnapshotFile, SnapshotUnreadableError, type Snapshot, type SnapshotOrigin } from './snapshot-file.ts';
export type { CollectionState, IndexDefinition } from './embedded-collection.ts';
