export * from './projection.ts';
export * from './runner.ts';
export * from './checkpoints.ts';
export * from './read-models/index.ts';
export * from './notary/index.ts';
