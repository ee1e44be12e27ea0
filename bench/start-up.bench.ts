/**
 * Start-up and memory against the size of the log: `npm start`'s program (standalone/src/main.ts)
 * run as a child process on a data directory whose log holds 1,000 or 1,000,000 events
 * (accounts registered and signed in nine times, eight of those sessions long expired: about
 * what 100,000 bookings write), timed from spawn to the first `/healthz` 200 with every read
 * model at the log's head, with its resident memory then and its highest in the 45 s after
 * (what followers still catching up in the background hold counts too). Each size is started
 * four times: on a data directory holding only the log (no key store either, so the product first
 * reads the log for encrypted personal data, as after an upgrade from before encryption or a lost
 * key store); again over the same directory, as an operator restarts; once more after removing
 * what is derived from the log (the read store's snapshot, the notary's files) while keeping the
 * keys, as a product's directory is rebuilt, that process killed with SIGKILL at the end; and
 * again after that crash. STARTUP_EVENTS=10000000 adds the ten-million-event log (writing it
 * takes minutes).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeAccountsLog } from '../standalone/test/support/accounts-log.ts';
import { openBenchLog } from './bench-log.ts';
import { npmStartNodeFlags } from '../standalone/test/support/npm-start-flags.ts';
import { atMost, type Report } from './report.ts';

const SIGN_INS = 9;
const EXPIRED_SIGN_INS = 8;
const EVENTS_PER_ACCOUNT = 1 + SIGN_INS;
const SMALL = 1_000;
const LARGE = 1_000_000;
const HUGE = 10_000_000;
const MB = 1024 * 1024;

interface Started {
  readonly healthyMs: number;
  readonly rssMb: number;
  /** The highest resident memory in the SETTLE_MS after healthy, while work left in the background (a follower catching up) runs. */
  readonly settledPeakMb: number;
  /** From spawn until the notary had caught up with the log (the process is stopped only then, so a restart starts from a whole tree). */
  readonly notaryCaughtUpMs: number;
}

const SETTLE_MS = 45_000;

const ROUNDS = ['first', 'restart', 'rebuild', 'crashed'] as const;
type Round = (typeof ROUNDS)[number];

/** What the product derives from the log and rebuilds when it is gone; the keys (not derivable) stay. */
async function removeDerived(dataDir: string): Promise<void> {
  for (const derived of ['read-store', 'notary']) await rm(path.join(dataDir, derived), { recursive: true, force: true });
}

export default async function run(report: Report): Promise<void> {
  const sizes = [SMALL, LARGE, ...(process.env.STARTUP_EVENTS === String(HUGE) ? [HUGE] : [])];
  const baseline: Record<Round, number> = { first: 0, restart: 0, rebuild: 0, crashed: 0 };
  for (const events of sizes) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-start-up-'));
    try {
      const writing = Date.now();
      const tie = await openBenchLog(dataDir);
      await tie.close();
      await writeAccountsLog(path.join(dataDir, 'events'), events / EVENTS_PER_ACCOUNT, SIGN_INS, EXPIRED_SIGN_INS);
      const label = events.toLocaleString('en-IN');
      console.log(`  (a log of ${label} events written in ${((Date.now() - writing) / 1000).toFixed(1)} s)`);
      for (const round of ROUNDS) {
        if (round === 'rebuild') await removeDerived(dataDir);
        // the rebuild's process is killed, not stopped: the next round starts from what a crash leaves
        const started = await startAndMeasure(dataDir, round === 'rebuild' ? 'SIGKILL' : 'SIGTERM');
        if (events === SMALL) baseline[round] = started.healthyMs;
        const { timeGoal, memoryGoal } = goalsFor(events, baseline[round]);
        const when = { first: 'on the log alone', restart: 'restarted', rebuild: 'on the log and its keys', crashed: 'restarted after that one was killed' }[
          round
        ];
        report(`${label} events, ${when}: healthy after`, started.healthyMs, 'ms', timeGoal);
        report(`${label} events, ${when}: resident memory`, started.rssMb, 'MB', memoryGoal);
        report(`${label} events, ${when}: highest memory in the next ${SETTLE_MS / 1000} s`, started.settledPeakMb, 'MB', memoryGoal);
        report(`${label} events, ${when}: the notary caught up with the log after`, started.notaryCaughtUpMs, 'ms');
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

/** The goals: a million events at most 2 s later than a thousand and 500 MB; ten million within 30 s and 2 GB. */
function goalsFor(events: number, baselineMs: number) {
  if (events === LARGE) return { timeGoal: atMost(baselineMs + 2000), memoryGoal: atMost(500) };
  if (events === HUGE) return { timeGoal: atMost(30_000), memoryGoal: atMost(2048) };
  return { timeGoal: undefined, memoryGoal: undefined };
}

async function startAndMeasure(dataDir: string, stopWith: 'SIGTERM' | 'SIGKILL'): Promise<Started> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, [...npmStartNodeFlags(), '--import', 'tsx', path.resolve('standalone/src/main.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await untilHealthy(port, child);
    const healthyMs = performance.now() - began;
    const rssMb = (await residentBytes(child.pid!)) / MB;
    let settledPeakMb = rssMb;
    let notaryCaughtUpMs: number | null = null;
    for (let tick = 0, settled = Date.now() + SETTLE_MS; Date.now() < settled; tick++, await sleep(250)) {
      settledPeakMb = Math.max(settledPeakMb, (await residentBytes(child.pid!)) / MB);
      if (notaryCaughtUpMs === null && tick % 4 === 0 && (await notaryLive(port))) notaryCaughtUpMs = performance.now() - began;
    }
    while (notaryCaughtUpMs === null) {
      if (child.exitCode !== null) throw new Error(`the product stopped before the notary caught up (exit code ${child.exitCode})`);
      if (await notaryLive(port)) notaryCaughtUpMs = performance.now() - began;
      else await sleep(1000);
    }
    return { healthyMs, rssMb, settledPeakMb, notaryCaughtUpMs };
  } finally {
    await stop(child, stopWith);
  }
}

/**
 * Until `/healthz` answers 200 with every read model at the log's head. The product calls a
 * read model healthy once the oldest event it has not applied is at most
 * HEALTH_MAX_LAG_SECONDS (30 s) old; the benchmark writes its log in seconds just before
 * starting, so on that rule alone a first start would count as healthy while it is still
 * replaying, which a log of real age never allows. Lag 0 is what a log of any age needs.
 */
async function untilHealthy(port: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product stopped before it was healthy (exit code ${child.exitCode})`);
    const answer = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      async (response) => ({ status: response.status, body: (await response.json()) as HealthBody }),
      () => null,
    );
    const readModels = answer?.body.data?.projections?.filter((projection) => projection.name !== 'notary') ?? [];
    if (answer?.status === 200 && readModels.length > 0 && readModels.every((projection) => projection.lagMs === 0)) return;
    await sleep(25);
  }
}

interface HealthBody {
  readonly data?: { readonly projections?: readonly { readonly name: string; readonly lagMs: number | null }[] };
}

/** Whether `/healthz` says the notary follows the log live (a first start over a long log leaves it catching up for minutes). */
async function notaryLive(port: number): Promise<boolean> {
  const body = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    (response) => response.text(),
    () => '',
  );
  return /"name":"notary"[^}]*"state":"live"|"state":"live"[^}]*"name":"notary"/.test(body);
}

/** VmRSS of the process, from /proc (Linux, as the product's machines are). */
async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kilobytes === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kilobytes) * 1024;
}

/** SIGTERM, as an operator stops it (a graceful stop writes what lets the next start resume); SIGKILL, as a crash does. */
async function stop(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const killed = setTimeout(() => child.kill('SIGKILL'), 120_000);
  await exited;
  clearTimeout(killed);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
