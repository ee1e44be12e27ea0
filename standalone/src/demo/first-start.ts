/**
 * The demo seed of `npm start` on an empty data directory (docs/decisions/0032): before the
 * port opens, on a private loopback listener, the hotels open about seven months ago and
 * the guests' bookings of the last six months and the next two are played through the
 * commands with the seeding clock moving forward; the clock then goes back to real time
 * and the product opens with a past. With EventStoreDB, whose server stamps its own
 * `recordedAt`, only the hotels and accounts are seeded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, otpKeyFor, type Config } from '@stays/service-kit';
import type { System } from '../compose.ts';
import { demoHistoryPlan, seedDemoHistory } from './history.ts';
import { seedDemo, seedDemoAuditor } from './seed.ts';
import type { SeedingClock } from './seeding-clock.ts';

export async function seedDemoOnFirstStart(system: System, config: Config, clock: SeedingClock, log: (line: string) => void = () => undefined): Promise<void> {
  const started = performance.now();
  const server = http.createServer(system.host.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    // the composition started the clock in the past when it opened the empty embedded log
    const plan = clock.seeding ? demoHistoryPlan(new Date()) : null;
    const seeded = await seedDemo(baseUrl, config.apiPrefix, log);
    if (plan) {
      const history = await seedDemoHistory(
        { eventStore: system.eventStore, streamNames: system.streamNames, otpKey: await otpKeyFor(config), clock, baseUrl, apiPrefix: config.apiPrefix },
        plan,
        seeded.created,
      );
      // invoices and emails of the past are issued under the seeding clock too: in time order, and to the demo's outbox
      await settled(system);
      for (const step of history.refused) log(`demo: left out, refused by the rules: ${step}`);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      log(
        `demo: ${history.bookings} bookings of ${history.guests} guests over the last six months and the next two (${history.paid} paid, ${history.cancelled} cancelled, ${history.soldOutNights} nights sold out); guests guest1..guest${history.guests - 1}@stays.demo; the whole demo seeded in ${seconds} s`,
      );
    }
  } finally {
    clock.backToRealTime();
    await closeServer(server)();
  }
  await seedDemoAuditor(system, log);
}

const SETTLE_TIMEOUT_MS = 60_000;

/** Once the documents reactor has followed the log to its head and done its work, and the read models have caught up with what it wrote. */
async function settled(system: System): Promise<void> {
  for (;;) {
    const head = await system.rawEventStore.headPosition();
    if (head === null) return;
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    while (((await system.reactor.health(SETTLE_TIMEOUT_MS)).position ?? -1) < head) {
      if (Date.now() > deadline) throw new Error(`demo seed: the booking documents reactor did not reach position ${head} in ${SETTLE_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await system.reactor.whenIdle();
    if ((await system.rawEventStore.headPosition()) === head) {
      while (!(await system.runner.waitFor(head, 5000)));
      return;
    }
  }
}
