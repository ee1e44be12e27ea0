export { connectEventStoreDB } from './eventstoredb-event-store.ts';
