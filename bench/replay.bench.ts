/**
 * Full replay speed: events per second from the embedded log into the embedded read store
 * through the real projections (what every `npm start` does on boot, and what a rebuild does).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openEmbeddedEventStore } from '@stays/event-store';
import { createEmbeddedReadStore } from '@stays/read-store';
import { ReadModelRunner, discoverReadModels } from '@stays/projections';
import { atLeast, type Report } from './report.ts';

const ACCOUNTS = 20_000;
const SIGN_INS_PER_ACCOUNT = 9;

export default async function benchReplay(report: Report): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-replay-'));
  try {
    const writer = await openEmbeddedEventStore(dir);
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const accountId = randomUUID();
      const role = i % 2 === 0 ? 'customer' : 'hotel-owner';
      const events = [{
        type: 'AccountRegistered',
        data: { accountId, role, name: `Guest ${i}`, email: `guest${i}@example.in`, username: `guest${i}`, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$x$y', via: 'password' },
      }, ...Array.from({ length: SIGN_INS_PER_ACCOUNT }, () => ({
        type: 'AccountSignedIn', data: { accountId, role, sessionId: randomUUID(), method: 'password', expiresAt: '2030-01-01T00:00:00.000Z' },
      }))];
      writes.push(writer.append(`${role === 'customer' ? 'customer' : 'owner'}-${accountId}`, events, { expectedRevision: 'no_stream' }));
      if (writes.length >= 512) await Promise.all(writes.splice(0));
    }
    await Promise.all(writes);
    await writer.close();
    const total = ACCOUNTS * (1 + SIGN_INS_PER_ACCOUNT);

    let started = performance.now();
    const eventStore = await openEmbeddedEventStore(dir);
    report('embedded log: open and verify', total / ((performance.now() - started) / 1000), `events/s (${total} events)`);

    const readStore = createEmbeddedReadStore();
    started = performance.now();
    const runner = new ReadModelRunner(eventStore, readStore, await discoverReadModels(), { log: () => undefined });
    await runner.start();
    await runner.whenCaughtUp();
    const seconds = (performance.now() - started) / 1000;
    report('full replay into read models (accounts projection)', total / seconds, `events/s (${total} events in ${seconds.toFixed(2)} s)`, atLeast(100_000));
    await runner.stop();
    await eventStore.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
