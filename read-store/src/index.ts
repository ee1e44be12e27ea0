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
export { createEmbeddedReadStore } from './embedded/index.ts';
export { connectMongoReadStore } from './mongodb/index.ts';
