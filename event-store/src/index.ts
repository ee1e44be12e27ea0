/** The event store port, its errors, and its two adapters. */
export type {
  AppendOptions, AppendResult, EventData, EventStore, ExpectedRevision, ReadAllOptions, ReadStreamOptions,
  RecordedEvent, SubscribeOptions, Subscription, SubscriptionHandler,
} from './port.ts';
export { EventStoreUnavailableError, LogCorruptedError, WrongExpectedRevisionError } from './errors.ts';
export {
  openEmbeddedEventStore, openInMemoryEventStore, EventStoreLockedError,
  type EmbeddedEventStoreOptions, type LogFile,
} from './embedded/index.ts';
export { connectEventStoreDB } from './eventstoredb/index.ts';
