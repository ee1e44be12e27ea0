export { createEmbeddedReadStore } from './embedded-read-store.ts';
