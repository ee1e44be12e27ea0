export { LOG_FILE_NAME, openEmbeddedEventStore, openInMemoryEventStore, syncDirectory, type EmbeddedEventStoreOptions } from './embedded-event-store.ts';
export { HEADER_BYTES, RECORD_MAGIC, isRecordMagic, readHeader, isCanonicalPayload, formerPayloadText } from './record-codec.ts';
export { EventStoreLockedError, acquireDirectoryLock, type DirectoryLock, type LockedFolder } from './directory-lock.ts';
export type { LogFile } from './log-file.ts';
export { writeEmbeddedLog } from './log-copy.ts';
export { diskFaultWhileFileExists, failingWhileFileExists } from './fault-file.ts';
export { EmbeddedLogReader, LogCutBehindReaderError, type LogRecord } from './log-reader.ts';
export { checkEmbeddedLog, repairEmbeddedLog, type LogCheck, type LogRepair } from './log-check.ts';
export type { AcknowledgedEvents } from './log-recovery.ts';
