export { connectEventStoreDB, type EventStoreDBOptions } from './eventstoredb-event-store.ts';
export { connectEventStoreDBDatabase, type EventStoreDBDatabase } from './eventstoredb-database.ts';
export { connectEventStoreDBCompetingConsumers, eventStoreDBCompetingConsumers, exactEventTypesRegex } from './persistent-subscription.ts';
