export * from './field-cipher.ts';
export * from './key-store.ts';
export * from './file-key-storage.ts';
export * from './mongo-key-storage.ts';
export * from './personal-data-store.ts';
export * from './open-keys.ts';
export * from './migrate-embedded-log.ts';
export * from './record-cipher.ts';
