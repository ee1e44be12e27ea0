export type {
  Document,
  DocumentId,
  Filter,
  FindOptions,
  IndexOptions,
  Projection,
  ReadCollection,
  ReadStore,
  Replacement,
  Sort,
  Update,
  UpdateOptions,
  UpdateResult,
  WriteOperation,
} from './port.ts';
export { DuplicateKeyError, ReadStoreUnavailableError } from './errors.ts';
export {
  createEmbeddedReadStore,
  ReadStoreSnapshots,
  SNAPSHOT_FILE,
  readSnapshotFile,
  writeSnapshotFile,
  SnapshotUnreadableError,
  type CollectionState,
  type EmbeddedReadStore,
  type IndexDefinition,
  type ReadStoreSnapshotsOptions,
  type Snapshot,
  type SnapshotOrigin,
} from './embedded/index.ts';
export { connectMongoReadStore } from './mongodb/index.ts';
/** A filter as a test of one document, as `find` applies it on either store: for documents a reader keeps in memory. */
export { compileFilter, type DocumentPredicate } from './embedded/document-predicate.ts';
