export * from './merkle.ts';
export * from './stored-tree.ts';
export * from './tree-heads.ts';
export * from './leaf-archive.ts';
export * from './notary.ts';
export * from './verify-log.ts';
export * from './log-file-leaves.ts';
export * from './queries.ts';
