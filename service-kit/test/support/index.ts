export * from './read-outbox.ts';
export * from './http-server.ts';
export * from './answer-check.ts';
export * from './small-filesystem.ts';
