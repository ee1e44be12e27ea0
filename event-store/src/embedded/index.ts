export { openEmbeddedEventStore, openInMemoryEventStore, LOG_FILE_NAME, type EmbeddedEventStoreOptions } from './embedded-event-store.ts';
export { EventStoreLockedError, LOCK_FILE_NAME } from './directory-lock.ts';
export type { LogFile } from './log-file.ts';
