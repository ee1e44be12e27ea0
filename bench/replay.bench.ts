/**
 * Full replay speed: events per second from the embedded log into the embedded read store
 * through the real projections (what every `npm start` does on boot, and what a rebuild does).
 * Taken twice: in this process right after writing the log (its heap holds what the writes
 * left), and in a process of its own that starts from the log, as `npm start` does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedEventStore } from '@stays/event-store';
import { createEmbeddedReadStore } from '@stays/read-store';
import { ReadModelRunner, discoverReadModels } from '@stays/projections';
import { writeAccountsLog } from '../standalone/test/support/accounts-log.ts';
import { replayApart } from './replay-process.ts';
import { atLeast, type Report } from './report.ts';

const ACCOUNTS = 20_000;
const SIGN_INS_PER_ACCOUNT = 9;

export default async function benchReplay(report: Report): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-replay-'));
  try {
    // under `events`, where replay-process.ts opens the log
    const logDir = path.join(dir, 'events');
    await writeAccountsLog(logDir, ACCOUNTS, SIGN_INS_PER_ACCOUNT);
    const total = ACCOUNTS * (1 + SIGN_INS_PER_ACCOUNT);

    let started = performance.now();
    const eventStore = await openEmbeddedEventStore(logDir);
    report('embedded log: open and verify', total / ((performance.now() - started) / 1000), `events/s (${total} events)`);

    const readStore = createEmbeddedReadStore();
    started = performance.now();
    const runner = new ReadModelRunner(eventStore, readStore, await discoverReadModels(), { log: () => undefined });
    await runner.start();
    await runner.whenCaughtUp();
    const seconds = (performance.now() - started) / 1000;
    report('full replay into read models (accounts projection)', total / seconds, `events/s (${total} events in ${seconds.toFixed(2)} s)`, atLeast(200_000));
    await runner.stop();
    await eventStore.close();

    const apart = await replayApart('plain', dir, 'bench-key');
    report('full replay into read models, in a process of its own', apart.perSecond, `events/s (${Math.round(apart.cpuMs)} ms of CPU)`, atLeast(200_000));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
