// @ts-check
// Entry of a leaf hashing worker thread (log-file-leaves.ts). A worker does not inherit the
// parent's TypeScript loader, and Node 20 cannot start a .ts worker through execArgv:
// this module registers tsx in the thread, then loads the typed worker module.
import { register } from 'tsx/esm/api';

register();
await import('./leaf-hash-worker.ts');
