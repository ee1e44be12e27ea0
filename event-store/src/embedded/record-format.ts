/**
 * What a reader of the log file needs to take its records apart and hash them, without
 * the store's adapters (the EventStoreDB client, the file log): verify-log's worker threads
 * load this alone, which keeps their start-up short.
 */
export { HEADER_BYTES, formerPayloadText, isCanonicalPayload, readHeader } from './record-codec.ts';
export { canonicalRecord } from '../canonical-record.ts';
