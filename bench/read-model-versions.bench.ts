/**
 * Read model versions: building a new version of a read model beside the live one over
 * 1,000,000 events of the embedded log (the accounts model: 100,000 registrations, 900,000
 * sign-ins, each a session document; timed until `status` says it has caught up), the same
 * with MongoDB's batch writes when MONGO_URL is set, and a switch while queries run (every
 * read answered, none failed).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedEventStore, type EventStore } from '@stays/event-store';
import { connectMongoReadStore, createEmbeddedReadStore, type ReadStore } from '@stays/read-store';
import { ReadModelRunner, accountsReadModel, liveReadModels } from '@stays/projections';
import { writeAccountsLog } from '../standalone/test/support/accounts-log.ts';
import { atLeast, exactly, type Report } from './report.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const SIGN_INS_PER_ACCOUNT = 9;
const TOTAL = ACCOUNTS * (1 + SIGN_INS_PER_ACCOUNT);
const quiet = () => undefined;

/** Starts the model (its first version goes live), then times a build of the next version beside it to the log's head. */
async function timeBuild(eventStore: EventStore, readStore: ReadStore): Promise<{ runner: ReadModelRunner; seconds: number }> {
  const runner = new ReadModelRunner(eventStore, readStore, [accountsReadModel], { log: quiet });
  await runner.start();
  await runner.whenCaughtUp();
  while ((await runner.status()).models[0]!.live !== 1) await new Promise((resolve) => setTimeout(resolve, 10));
  const started = performance.now();
  const { version } = await runner.build('accounts');
  // polled through status, as `npm run projection -- build` follows a build (more often: the figure's resolution): it counts the version's documents
  const caughtUp = async () => (await runner.status()).models[0]!.versions.find((entry) => entry.version === version)?.caughtUp === true;
  while (!(await caughtUp())) await new Promise((resolve) => setTimeout(resolve, 5));
  return { runner, seconds: (performance.now() - started) / 1000 };
}

export default async function benchReadModelVersions(report: Report): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-versions-'));
  try {
    const customers = await writeAccountsLog(dir, ACCOUNTS, SIGN_INS_PER_ACCOUNT);
    const eventStore = await openEmbeddedEventStore(dir);
    const readStore = createEmbeddedReadStore();
    const { runner, seconds } = await timeBuild(eventStore, readStore);
    report('build a new version beside the live one, embedded', TOTAL / seconds, `events/s (${TOTAL} events in ${seconds.toFixed(2)} s)`, atLeast(200_000));

    // a switch while 8 readers query the model through the registry, as the query side does
    const queries = accountsReadModel.queries(liveReadModels(readStore).store(accountsReadModel));
    let reading = true;
    let reads = 0;
    let failed = 0;
    const readers = Array.from({ length: 8 }, async (_, reader) => {
      for (let i = 0; reading; i++) {
        try {
          if (!(await queries.customerExists(customers[(i * 8 + reader) % customers.length]!))) failed++;
        } catch {
          failed++;
        }
        reads++;
        // the embedded store answers within the same tick: let timers (and the switch) run
        if (i % 64 === 63) await new Promise((resolve) => setImmediate(resolve));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await runner.switch('accounts');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    reading = false;
    await Promise.all(readers);
    report(`switch under read load: failed reads of ${reads}`, failed, 'failed', exactly(0));
    await runner.stop();
    await eventStore.close();

    const mongoUrl = process.env.MONGO_URL;
    if (mongoUrl) {
      const mongoLog = await openEmbeddedEventStore(dir);
      const mongo = await connectMongoReadStore(mongoUrl, `stays_bench_${Date.now()}`);
      const built = await timeBuild(mongoLog, mongo);
      report(
        'build a new version beside the live one, MongoDB batch writes',
        TOTAL / built.seconds,
        `events/s (${TOTAL} events in ${built.seconds.toFixed(2)} s)`,
        atLeast(200_000),
      );
      await built.runner.stop();
      await mongoLog.close();
      await mongo.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
