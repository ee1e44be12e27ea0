/** The event store port, its errors, and its two adapters. */
export type {
  AppendOptions,
  AppendResult,
  EventData,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
  SubscriptionHandler,
  SubscriptionState,
  SubscriptionStatus,
} from './port.ts';
export {
  EventStoreConnectionError,
  EventStoreUnavailableError,
  LogCorruptedError,
  LogDamagedError,
  WrongExpectedRevisionError,
  type UnavailableReason,
} from './errors.ts';
export { backoffDelayMs, describeError, type BackoffOptions } from './backoff.ts';
export { subscriptionHealth, type SubscriptionHealth } from './subscription-health.ts';
export { canonicalJson, canonicalRecord } from './canonical-record.ts';
export { writeWhole } from './write-whole.ts';
export {
  openEmbeddedEventStore,
  openInMemoryEventStore,
  writeEmbeddedLog,
  diskFaultWhileFileExists,
  failingWhileFileExists,
  checkEmbeddedLog,
  repairEmbeddedLog,
  type LogCheck,
  type LogRepair,
  type AcknowledgedEvents,
  syncDirectory,
  EventStoreLockedError,
  acquireDirectoryLock,
  type DirectoryLock,
  type LockedFolder,
  EmbeddedLogReader,
  LogCutBehindReaderError,
  type EmbeddedEventStoreOptions,
  type LogFile,
  type LogRecord,
} from './embedded/index.ts';
/** The embedded log's file format, for readers of the file beside its writer (verify-log). */
export { LOG_FILE_NAME, HEADER_BYTES, RECORD_MAGIC, isRecordMagic, readHeader, isCanonicalPayload, formerPayloadText } from './embedded/index.ts';
export type {
  CompetingConsumer,
  CompetingConsumerHandler,
  CompetingConsumerOptions,
  CompetingConsumers,
  CompetingConsumerState,
  CompetingConsumerStatus,
  CompetingDelivery,
} from './competing-consumers.ts';
export { inMemoryCompetingConsumers, type InMemoryCompetingConsumers } from './in-memory-competing-consumers.ts';
export {
  connectEventStoreDBCompetingConsumers,
  eventStoreDBCompetingConsumers,
  exactEventTypesRegex,
  connectEventStoreDB,
  connectEventStoreDBDatabase,
  type EventStoreDBDatabase,
  type EventStoreDBOptions,
} from './eventstoredb/index.ts';
