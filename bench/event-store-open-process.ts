/**
 * Opening an embedded log in a process of its own, so its memory is the open's alone (not
 * what writing the log left in the benchmark's heap): `openApart` runs this file as a child
 * with `--expose-gc` and returns what it measured.
 *
 * As a script: `event-store-open-process.ts <log dir>`; prints the Opened as one JSON line.
 * Closing the store writes its index file when the log had none.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openEmbeddedEventStore } from '@stays/event-store';

export interface Opened {
  readonly openMs: number;
  /** After a full garbage collection, with the store open. */
  readonly rssBytes: number;
  readonly heapUsedBytes: number;
  readonly events: number;
}

export async function openApart(dir: string): Promise<Opened> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), dir], {
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Opened;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2]!;
  const started = performance.now();
  const store = await openEmbeddedEventStore(dir, { logger: { warn: () => undefined } });
  const openMs = performance.now() - started;
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  const opened: Opened = { openMs, rssBytes: rss, heapUsedBytes: heapUsed, events: ((await store.headPosition()) ?? -1) + 1 };
  await store.close();
  console.log(JSON.stringify(opened));
}
