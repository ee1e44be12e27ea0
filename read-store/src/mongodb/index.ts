export { connectMongoReadStore } from './mongo-read-store.ts';
