export { connectEventStoreDB, type EventStoreDBOptions } from './eventstoredb-event-store.ts';
