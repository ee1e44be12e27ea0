export * from './read-outbox.ts';
export * from './http-server.ts';
