/**
 * A real guest signing in during a sign-in flood (issue #26): the system runs in a process
 * of its own (stays-process.ts, behind the gateway: addresses come from X-Forwarded-For), the
 * flood comes from a third (load-client.ts): 20 addresses × 8 keep-alive connections, each
 * posting wrong passwords for unknown emails as fast as it is answered, for 20 s (and at most
 * 100 rounds of its 25 emails), all on 127.0.0.1. Meanwhile, from this process, two
 * registered guests sign in every 500 ms, waiting for each answer as a person does: one from
 * the same clean address each time (known after its first sign-in), one from a new address
 * each time (clean, never known). Figures: each guest's success rate and latency (tries
 * started while the flood ran), and what the flood got (password checks, throttled, busy).
 */
import sharp from 'sharp';
import { runLoad } from './load.ts';
import { atLeast, below, percentile, type Report } from './report.ts';
import { startStaysApart } from './stays-process.ts';

const API = '/sharma/resident/stays';
const FLOOD_ADDRESSES = 20;
const CONNECTIONS_PER_ADDRESS = 8;
const FLOOD_MS = 20_000;
const EMAILS_PER_CONNECTION = 25;
const ROUNDS = 100;
const GUEST_EVERY_MS = 500;
const PASSWORD = 'bench-password-1';

interface Try {
  readonly startedAt: number;
  readonly ms: number;
  readonly status: number;
}

export default async function benchSignInFlood(report: Report): Promise<void> {
  const stays = await startStaysApart();
  try {
    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const register = async (name: string) => {
      const email = `${name}@example.in`;
      const registration = new FormData();
      for (const [key, value] of Object.entries({ username: name, name: 'Flood Guest', email, password: PASSWORD })) registration.append(key, value);
      registration.append('profileImage', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
      const registered = await fetch(`${stays.origin}${API}/user/register`, {
        method: 'POST',
        headers: { 'x-forwarded-for': '192.0.2.199' },
        body: registration,
      });
      if (registered.status !== 201) throw new Error(`the guest could not register: ${registered.status} ${await registered.text()}`);
      return email;
    };
    const returning = await register('returningguest');
    const travelling = await register('travellingguest');

    const flood = runLoad({
      target: stays.origin,
      durationMs: FLOOD_MS,
      rounds: ROUNDS,
      clients: Array.from({ length: FLOOD_ADDRESSES * CONNECTIONS_PER_ADDRESS }, (_, c) =>
        Array.from({ length: EMAILS_PER_CONNECTION }, (_, n) => ({
          method: 'POST' as const,
          path: `${API}/user/login`,
          headers: { 'x-forwarded-for': `198.51.100.${1 + (c % FLOOD_ADDRESSES)}` },
          body: { email: `flood-${c}-${n}@example.in`, password: 'Summer2024!' },
        })),
      ),
    });
    let flooding = true;
    void flood.finally(() => {
      flooding = false;
    });

    // a guest: a try every 500 ms, the next one only once the last is answered
    const signInsOf = async (email: string, addressOf: (attempt: number) => string): Promise<Try[]> => {
      const tries: Try[] = [];
      while (flooding) {
        const startedAt = Date.now();
        const started = performance.now();
        const response = await fetch(`${stays.origin}${API}/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(tries.length) },
          body: JSON.stringify({ email, password: PASSWORD }),
        });
        await response.arrayBuffer();
        tries.push({ startedAt, ms: performance.now() - started, status: response.status });
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, GUEST_EVERY_MS - (performance.now() - started))));
      }
      return tries;
    };
    const [fromHome, fromNewPlaces] = await Promise.all([
      signInsOf(returning, () => '192.0.2.200'),
      signInsOf(travelling, (attempt) => `10.77.${attempt >> 8}.${attempt & 255}`),
    ]);
    const flooded = await flood;
    const floodEndsAt = flooded.startedAt + flooded.seconds * 1000;
    const guestFigures = (who: string, tries: readonly Try[]) => {
      const during = tries.filter((attempt) => attempt.startedAt >= flooded.startedAt && attempt.startedAt <= floodEndsAt);
      const latencies = during.map((attempt) => attempt.ms).sort((a, b) => a - b);
      const succeeded = during.filter((attempt) => attempt.status === 200).length;
      const refusals = new Map<number, number>();
      for (const attempt of during) if (attempt.status !== 200) refusals.set(attempt.status, (refusals.get(attempt.status) ?? 0) + 1);
      const others = [...refusals].map(([status, times]) => `${times}× ${status}`).join(', ');
      report(
        `${who}, every ${GUEST_EVERY_MS} ms: signed in`,
        (100 * succeeded) / during.length,
        `% (${succeeded} of ${during.length}${others && `; ${others}`})`,
        atLeast(99),
      );
      report(`${who}: latency p50`, percentile(latencies, 50), 'ms');
      report(`${who}: latency p99`, percentile(latencies, 99), 'ms', below(2000));
    };
    guestFigures('guest from the same address (known)', fromHome);
    guestFigures('guest from a new address each time (clean)', fromNewPlaces);
    const count = (status: number) => flooded.statuses[status] ?? 0;
    report(
      `flood: ${FLOOD_ADDRESSES} addresses × ${CONNECTIONS_PER_ADDRESS} connections, answers`,
      flooded.latencies.length / flooded.seconds,
      `/s over ${flooded.seconds.toFixed(1)} s (${count(401)} password checks (401), ${count(429)} throttled (429), ${count(503)} busy (503), ${count(200)} signed in)`,
    );
    const logged = await stays.stop();
    report('lines the system logged (each busy refusal logs its stack)', logged, 'lines');
  } catch (error) {
    await stays.stop().catch(() => undefined);
    throw error;
  }
}
