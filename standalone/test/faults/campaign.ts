/**
 * The fault campaign: the one-process product as a child process on a temporary DATA_DIR,
 * the workload running against it, and one fault per round at a random moment:
 *
 * - kill:   `kill -9`, then a restart;
 * - disk:   the disk under the log and the notary's files (or under the notary's alone) full
 *           (ENOSPC) or failing (EIO) for a while, through the fault seam
 *           (FAULT_INJECTION_FILE), then space back: no restart;
 * - torn:   stopped, then half a record at the end of the log (a write a crash cut short,
 *           never acknowledged): it must start, as it is;
 * - damage: stopped, then the last (acknowledged) record cut by 7 bytes: it must refuse to
 *           start and say so; the operator restores the log from the backup taken at the stop;
 * - clock:  the product's wall clock stepped forward by hours, then back as far behind, then
 *           right again (CLOCK_STEP_FILE), under load: no restart;
 * - fullfs: a real full filesystem: DATA_DIR lives on a small tmpfs (or ext4, `filesystem`)
 *           for the whole run, and a ballast file takes its last free byte for a while, under
 *           load, then is deleted: every writer under DATA_DIR meets ENOSPC, no restart. Needs
 *           root (mount).
 *
 * After each round the checks of checks.ts; at the end, the read models against a rebuild
 * from the same log. The seed fixes the faults, their kinds and moments.
 */
import { appendFile, cp, mkdtemp, readdir, readFile, rm, stat, truncate } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSnapshotFile, SNAPSHOT_FILE, type Document } from '@stays/read-store';
import { freePort } from '../support/free-port.ts';
import { eventOf, readLogFile } from '../support/log-file.ts';
import { mountSmallFilesystem, type FilesystemKind, type SmallFilesystem } from '@stays/service-kit/testing';
import { ChildDidNotStart, StaysProcess, writeControlFile } from '../support/stays-process.ts';
import { check, documentsPending, logFacts, orphansOf, type Findings } from './checks.ts';
import { Workload, type Exchange } from './workload.ts';

export const FAULT_KINDS = ['kill', 'disk', 'torn', 'damage', 'clock', 'fullfs'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
/** The faults any user can run; `fullfs` mounts a filesystem, which needs root. */
export const FAULTS_WITHOUT_ROOT: readonly FaultKind[] = FAULT_KINDS.filter((fault) => fault !== 'fullfs');

export interface CampaignOptions {
  readonly rounds: number;
  readonly seed: number;
  readonly faults: readonly FaultKind[];
  /** Guests racing for the room's units. Default 12. */
  readonly guests?: number;
  /** The reconciler's window in seconds. Default 2. */
  readonly graceSeconds?: number;
  /** The size of the filesystem DATA_DIR lives on when `fullfs` is among the faults. Default: filesystemBytesFor(rounds). */
  readonly filesystemBytes?: number;
  /** Which filesystem that is. Default tmpfs. */
  readonly filesystem?: FilesystemKind;
  readonly log?: (line: string) => void;
}

const MIB = 1 << 20;

/**
 * Room for what a run writes, with a margin: about 1 MiB after the set-up (the listing's
 * images, the key store, the notary's files) and about 2 MiB a round (mostly the outbox's
 * emails, which carry the invoice PDFs, and the invoices in media; then the log), plus the
 * read store's snapshot twice over (the next one is written beside the previous one before
 * the rename). A run that outgrew it would meet a full disk outside the fault's rounds.
 */
export function filesystemBytesFor(rounds: number): number {
  return (64 + 3 * rounds) * MIB;
}

export interface RoundResult extends Findings {
  readonly round: number;
  readonly fault: FaultKind;
  /** What was done, e.g. "ENOSPC for 1.2 s at 0.8 s". */
  readonly what: string;
  /** From the fault's end (restart, or space back) to /healthz 200. */
  readonly healthyAfterMs: number;
  /** Writes of the round answered 5xx other than 503 (a failure the product did not name). */
  readonly failed: number;
  /** Temp files a writer left under DATA_DIR once the round had settled (new ones). */
  readonly halfWritten: number;
}

export interface CampaignReport {
  readonly seed: number;
  readonly faults: readonly FaultKind[];
  /** The filesystem under DATA_DIR when `fullfs` ran; undefined otherwise. */
  readonly filesystem?: FilesystemKind;
  readonly rounds: RoundResult[];
  /** Collections whose documents differ from a rebuild from the same log (at the end). */
  readonly rebuildMismatches: string[];
}

/** A small deterministic generator (mulberry32): the seed replays the faults. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const HOUR = 3_600_000;

interface Subject {
  readonly dataDir: string;
  readonly port: number;
  /** While this file exists the log's writes fail with the error it names (FAULT_INJECTION_FILE). */
  readonly faultFile: string;
  /** The reconciler's window: units held without a booking are given back after it. */
  readonly graceSeconds: number;
  /** While this file exists the product's wall clock is stepped by the milliseconds it names (CLOCK_STEP_FILE). */
  readonly clockFile: string;
}

/** The product as the campaign runs it: snapshots every 2 s, the fault seam, a short reconciler window. */
function startStays(subject: Subject): Promise<StaysProcess> {
  return StaysProcess.start(
    {
      dataDir: subject.dataDir,
      port: subject.port,
      env: {
        READ_STORE_SNAPSHOT_SECONDS: '2',
        FAULT_INJECTION_FILE: subject.faultFile,
        CLOCK_STEP_FILE: subject.clockFile,
        ORPHANED_UNITS_GRACE_SECONDS: String(subject.graceSeconds),
      },
    },
    60_000,
  );
}

export async function runCampaign(options: CampaignOptions): Promise<CampaignReport> {
  const log = options.log ?? (() => undefined);
  const random = seeded(options.seed);
  const root = await mkdtemp(path.join(os.tmpdir(), 'stays-faults-'));
  let filesystem: SmallFilesystem | undefined;
  if (options.faults.includes('fullfs')) {
    const sizeBytes = options.filesystemBytes ?? filesystemBytesFor(options.rounds);
    const kind = options.filesystem ?? 'tmpfs';
    filesystem = await mountSmallFilesystem(path.join(root, 'fs'), sizeBytes, kind).catch(async (error: unknown) => {
      await rm(root, { recursive: true, force: true });
      throw new Error(`the fullfs fault needs a filesystem of its own under DATA_DIR: ${(error as Error).message}`);
    });
    log(`DATA_DIR on ${kind === 'ext4' ? 'an ext4 (loop device)' : 'a tmpfs'} of ${sizeBytes / MIB} MiB (${filesystem.dir})`);
  }
  const dataDir = path.join(filesystem?.dir ?? root, 'data');
  const child: Subject = {
    dataDir,
    port: await freePort(),
    faultFile: path.join(root, 'disk-fault'),
    clockFile: path.join(root, 'clock-step'),
    graceSeconds: options.graceSeconds ?? 2,
  };
  const results: RoundResult[] = [];
  let stays: StaysProcess | undefined;
  // interrupted (Ctrl-C), the finally below never runs: the mount must not outlive the run
  let interrupting = false;
  const interrupted = () => {
    // a terminal's Ctrl-C reaches this process twice (from the terminal and relayed by tsx): one cleanup
    if (interrupting) return;
    interrupting = true;
    stays?.child.kill('SIGKILL');
    filesystem?.unmountNow();
    rmSync(root, { recursive: true, force: true });
    process.exit(130);
  };
  if (filesystem) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, interrupted);
  try {
    stays = await startStays(child);
    await stays.healthy();
    const workload = new Workload(stays.baseUrl, dataDir, random);
    await workload.setUp(options.guests ?? 12);

    // every kind once in each run of as many rounds, in an order the seed shuffles
    const order = [...options.faults].sort(() => random() - 0.5);
    const leftBefore = new Set<string>();
    let previous: Findings = { acknowledged: 0, lost: 0, phantom: 0, oversold: 0, orphans: 0, mismatched: 0, duplicates: 0, unverified: 0, details: [] };
    for (let round = 1; round <= options.rounds; round++) {
      const fault = order[(round - 1) % order.length]!;
      const before = workload.exchanges.length;
      await workload.signUp();
      // a few nights of their own each round, so the units stay contended
      const nights = [20 + (round % 60) * 3, 21 + (round % 60) * 3];
      workload.start(stays.baseUrl, nights);
      const at = 300 + random() * 2200;
      await sleep(at);
      let what: string;
      let healthyAfterMs: number;
      let refusedDamage = true;
      switch (fault) {
        case 'kill': {
          await stays.kill();
          await workload.stop();
          const restarted = Date.now();
          stays = await startStays(child);
          await stays.healthy();
          healthyAfterMs = Date.now() - restarted;
          what = `kill -9 at ${(at / 1000).toFixed(1)} s`;
          break;
        }
        case 'disk': {
          const code = random() < 0.7 ? 'ENOSPC' : 'EIO';
          // now and then the notary's files alone, as on a disk of their own
          const notaryOnly = random() < 0.25;
          const forMs = 300 + random() * 1700;
          await writeControlFile(child.faultFile, notaryOnly ? `${code} notary` : code);
          await sleep(forMs);
          await rm(child.faultFile);
          healthyAfterMs = await stays.healthy();
          await sleep(300);
          await workload.stop();
          what = `${code}${notaryOnly ? " under the notary's files" : ''} for ${(forMs / 1000).toFixed(1)} s at ${(at / 1000).toFixed(1)} s`;
          break;
        }
        case 'clock': {
          const hours = 1 + Math.floor(random() * 6);
          const [ahead, behind] = [400 + random() * 1100, 400 + random() * 1100];
          const stepped = Date.now();
          await writeControlFile(child.clockFile, String(hours * HOUR));
          await sleep(ahead);
          await writeControlFile(child.clockFile, String(-hours * HOUR));
          await sleep(behind);
          await rm(child.clockFile);
          healthyAfterMs = await stays.healthy();
          await sleep(300);
          await workload.stop();
          // the step reached the product: events it recorded meanwhile carry the time it read
          const recordedAhead = (await readLogFile(dataDir)).map(eventOf).filter((event) => Date.parse(String(event.recordedAt)) > stepped + HOUR / 2).length;
          what = `clock ${hours} h ahead for ${(ahead / 1000).toFixed(1)} s (${recordedAhead} events recorded ahead), then ${hours} h behind for ${(behind / 1000).toFixed(1)} s, at ${(at / 1000).toFixed(1)} s`;
          break;
        }
        case 'torn': {
          await workload.stop();
          await stays.stop();
          const logFile = path.join(dataDir, 'events', 'events.log');
          const bytes = await readFile(logFile);
          // never a whole record: a complete copy of the first one would be a record out of place, not a torn write
          const cut = 1 + Math.floor(random() * Math.min(200, 11 + bytes.readUInt32BE(4)));
          await appendFile(logFile, bytes.subarray(0, cut));
          const restarted = Date.now();
          stays = await startStays(child);
          await stays.healthy();
          healthyAfterMs = Date.now() - restarted;
          what = `${cut} bytes of a record left at the end`;
          break;
        }
        case 'damage': {
          await workload.stop();
          await stays.stop();
          const eventsDir = path.join(dataDir, 'events');
          const backup = path.join(root, 'events-backup');
          await rm(backup, { recursive: true, force: true });
          await cp(eventsDir, backup, { recursive: true });
          const logFile = path.join(eventsDir, 'events.log');
          await truncate(logFile, (await stat(logFile)).size - 7);
          const refused = await startStays(child).then(
            async (started) => (await started.kill(), ''),
            (error: unknown) => (error instanceof ChildDidNotStart ? error.output : String(error)),
          );
          refusedDamage = refused.includes('acknowledged, but only');
          // the operator's way back (docs/operations.md): the log restored from the backup
          await rm(eventsDir, { recursive: true, force: true });
          await cp(backup, eventsDir, { recursive: true });
          const restarted = Date.now();
          stays = await startStays(child);
          await stays.healthy();
          healthyAfterMs = Date.now() - restarted;
          what = refusedDamage ? 'last record cut by 7 bytes: start refused, backup restored' : 'last record cut by 7 bytes: START NOT REFUSED';
          break;
        }
        case 'fullfs': {
          const forMs = 300 + random() * 1700;
          const ballast = await filesystem!.fill();
          const full = Date.now();
          // the guests' and owner's writes go to the log; these go to the outbox and media too
          const filesWritten = workload.writeFiles();
          const said = new Set<string>();
          while (Date.now() - full < forMs) {
            said.add(await healthzNow(stays.baseUrl));
            await sleep(100);
            // what a writer frees (a snapshot replacing the previous one, a temp file removed) is taken again: the disk stays full
            await filesystem!.fill();
          }
          await filesystem!.drain();
          healthyAfterMs = await stays.healthy();
          await filesWritten;
          await sleep(300);
          await workload.stop();
          const { used, free } = await filesystem!.usage();
          what =
            `filesystem full (ballast ${(ballast / MIB).toFixed(1)} MiB) for ${(forMs / 1000).toFixed(1)} s at ${(at / 1000).toFixed(1)} s; ` +
            `/healthz meanwhile: ${[...said].join(' | ')}; ${fileWritesOf(workload.exchanges.slice(before))}; afterwards ${(used / MIB).toFixed(1)} MiB used, ${(free / MIB).toFixed(1)} MiB free`;
          break;
        }
      }
      await settle(dataDir, child.graceSeconds);
      // the checks look at everything so far; a round is charged with what is new since the last one
      const findings = await check(dataDir, stays.baseUrl, workload.exchanges, workload.accounts);
      const answered = workload.exchanges.slice(before);
      const failedWrites = answered.filter((exchange) => exchange.status >= 500 && exchange.status !== 503);
      // a temp file is charged to the round that left it, as the other findings are
      const leftovers = (await tempFilesLeft(dataDir)).filter((file) => !leftBefore.has(file));
      for (const file of leftovers) leftBefore.add(file);
      const result: RoundResult = {
        round,
        fault,
        what,
        healthyAfterMs,
        ...since(findings, previous),
        lost: Math.max(0, findings.lost - previous.lost) + (refusedDamage ? 0 : 1),
        failed: failedWrites.length,
        halfWritten: leftovers.length,
        details: [
          ...(refusedDamage ? [] : ['damage not refused at start-up']),
          ...failedWrites.slice(0, 5).map((exchange) => `${exchange.op} answered ${exchange.status}: ${exchange.message.slice(0, 120)}`),
          ...(leftovers.length > 0 ? [`temp files left under DATA_DIR: ${leftovers.slice(0, 5).join(', ')}`] : []),
          ...findings.details,
        ],
      };
      previous = findings;
      results.push(result);
      const refused = answered.filter((exchange) => exchange.status === 503).length;
      const unanswered = answered.filter((exchange) => exchange.status === 0);
      log(
        `round ${round} ${fault}: ${what}; ${result.acknowledged} writes acknowledged, ${refused} answered 503, ${unanswered.length} unanswered${unanswered.length > 0 ? ` (${unanswered[0]!.message.slice(0, 120)})` : ''}; healthy after ${(healthyAfterMs / 1000).toFixed(1)} s` +
          (problems(result) ? `; PROBLEMS: ${result.details.join('; ')}` : ''),
      );
    }

    await stays.stop();
    const rebuildMismatches = await compareWithRebuild(root, child);
    if (filesystem) log(`DATA_DIR at the end: ${await spaceTakenBy(dataDir)}`);
    return { seed: options.seed, faults: options.faults, ...(filesystem && { filesystem: options.filesystem ?? 'tmpfs' }), rounds: results, rebuildMismatches };
  } finally {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, interrupted);
    await stays?.kill().catch(() => undefined);
    await filesystem?.unmount();
    await rm(root, { recursive: true, force: true });
  }
}

/** The bytes under each of DATA_DIR's folders, largest first, e.g. `events 3.1 MiB, outbox 2.0 MiB`. */
async function spaceTakenBy(dataDir: string): Promise<string> {
  const sizes = new Map<string, number>();
  for (const entry of await readdir(dataDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const top = path.relative(dataDir, path.join(entry.parentPath, entry.name)).split(path.sep)[0]!;
    sizes.set(top, (sizes.get(top) ?? 0) + (await stat(path.join(entry.parentPath, entry.name))).size);
  }
  return [...sizes]
    .sort((a, b) => b[1] - a[1])
    .map(([name, bytes]) => `${name} ${(bytes / MIB).toFixed(1)} MiB`)
    .join(', ');
}

/** What the writes beside the log were answered, e.g. `otp 503, images 503`. */
const fileWritesOf = (exchanges: readonly Exchange[]): string =>
  exchanges
    .filter((exchange) => exchange.op === 'otp' || exchange.op === 'images')
    .map((exchange) => `${exchange.op} ${exchange.status}${exchange.status >= 500 && exchange.status !== 503 ? ` (${exchange.message.slice(0, 80)})` : ''}`)
    .join(', ');

/** `/healthz`'s status and the start of what it said, e.g. `503 the event log refuses writes: …`. */
async function healthzNow(baseUrl: string): Promise<string> {
  return fetch(`${baseUrl}/healthz`).then(
    async (response) => `${response.status}${response.ok ? '' : ` ${(await response.text()).slice(0, 160)}`}`,
    (error: unknown) => `no answer (${String(error).slice(0, 80)})`,
  );
}

/**
 * Files a writer left half-written under DATA_DIR once the product has settled: temp files
 * (`*.tmp`, `.tmp/`) that an atomic write removes when it fails. The product's own lock file is not one.
 */
async function tempFilesLeft(dataDir: string): Promise<string[]> {
  const look = async () =>
    (await readdir(dataDir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && (/\.tmp$|\.tmp\./.test(entry.name) || path.basename(entry.parentPath) === '.tmp'))
      .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)));
  // one being written as we look (a snapshot) is gone at the second look
  const first = await look();
  if (first.length === 0) return [];
  await sleep(1000);
  const second = new Set(await look());
  return first.filter((file) => second.has(file));
}

function since(now: Findings, before: Findings): Findings {
  const grew = (pick: (findings: Findings) => number) => Math.max(0, pick(now) - pick(before));
  return {
    acknowledged: grew((f) => f.acknowledged),
    lost: grew((f) => f.lost),
    phantom: grew((f) => f.phantom),
    oversold: grew((f) => f.oversold),
    // still there after the reconciler's window: a round's, whenever taken
    orphans: now.orphans,
    mismatched: now.mismatched,
    duplicates: grew((f) => f.duplicates),
    unverified: now.unverified,
    details: now.details,
  };
}

export const problems = (result: RoundResult): number =>
  result.lost +
  result.phantom +
  result.oversold +
  result.orphans +
  result.mismatched +
  result.duplicates +
  result.unverified +
  result.failed +
  result.halfWritten;

/**
 * Waits until the reactors have documented every booking, the reconciler has given back
 * what no booking holds, and the log has stopped growing (notices sent, units given back).
 */
async function settle(dataDir: string, graceSeconds: number): Promise<void> {
  const until = Date.now() + (graceSeconds * 3 + 20) * 1000;
  let size = -1;
  let stableSince = Date.now();
  while (Date.now() < until) {
    const now = (await stat(path.join(dataDir, 'events', 'events.log'))).size;
    if (now !== size) [size, stableSince] = [now, Date.now()];
    const facts = await logFacts(dataDir);
    if (documentsPending(facts) === 0 && orphansOf(facts).length === 0 && Date.now() - stableSince > 1500) return;
    await sleep(250);
  }
}

/** The read models of `dataDir` against those a fresh data directory builds from the same log and keys. */
async function compareWithRebuild(root: string, child: Subject): Promise<string[]> {
  const rebuildDir = path.join(root, 'rebuild');
  await cp(path.join(child.dataDir, 'events'), path.join(rebuildDir, 'events'), { recursive: true });
  await cp(path.join(child.dataDir, 'keys'), path.join(rebuildDir, 'keys'), { recursive: true });
  await rm(path.join(rebuildDir, 'events', 'LOCK'), { force: true });
  const rebuilt = await startStays({ ...child, dataDir: rebuildDir });
  await rebuilt.healthy();
  await settle(rebuildDir, child.graceSeconds);
  await sleep(2000);
  await rebuilt.stop();
  const [liveLog, rebuiltLog] = await Promise.all([
    readFile(path.join(child.dataDir, 'events', 'events.log')),
    readFile(path.join(rebuildDir, 'events', 'events.log')),
  ]);
  if (rebuiltLog.length !== liveLog.length) {
    const added =
      rebuiltLog
        .subarray(liveLog.length)
        .toString('utf8')
        .match(/"notice":"[a-z-]+"|"type":"[A-Za-z]+"/g) ?? [];
    return [`the rebuild appended ${added.length} events of its own (${[...new Set(added)].join(', ')})`];
  }
  const [live, fresh] = await Promise.all([readModels(child.dataDir), readModels(rebuildDir)]);
  const names = new Set([...Object.keys(live), ...Object.keys(fresh)]);
  return [...names]
    .filter((name) => JSON.stringify(live[name] ?? []) !== JSON.stringify(fresh[name] ?? []))
    .sort()
    .map((name) => {
      const rebuiltById = new Map((fresh[name] ?? []).map((document) => [String(document._id), JSON.stringify(document)]));
      const first = (live[name] ?? []).find((document) => rebuiltById.get(String(document._id)) !== JSON.stringify(document));
      const shown = first
        ? `${JSON.stringify(first).slice(0, 300)} against ${rebuiltById.get(String(first._id))?.slice(0, 300) ?? 'none'}`
        : 'documents missing';
      return `${name} (${shown})`;
    });
}

/**
 * Fields that depend on when things ran, not on the log (see read-store-crash.api.test.ts);
 * and a reactor's work left (`state`), which depends on when it was stopped: a rebuild
 * stopped soon after its start leaves queued the bookings it had not yet looked at again.
 */
const TIME_DEPENDENT: Readonly<Record<string, readonly string[]>> = {
  projection_checkpoints: ['updatedAt', 'changedAt'],
  audit_notary: ['updatedAt'],
  reactor_checkpoints: ['updatedAt', 'state'],
  read_model_versions: ['createdAt'],
};

async function readModels(dataDir: string): Promise<Record<string, Document[]>> {
  const snapshot = await readSnapshotFile(path.join(dataDir, 'read-store', SNAPSHOT_FILE));
  const collections: Record<string, Document[]> = {};
  for (const { name, documents } of snapshot.collections) {
    const ignored = TIME_DEPENDENT[name] ?? [];
    collections[name] = documents.map((document) => without(document, ignored) as Document).sort((a, b) => String(a._id).localeCompare(String(b._id)));
  }
  return collections;
}

function without(value: unknown, ignored: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((element) => without(element, ignored));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([field, inner]) => (ignored.includes(field) ? [] : [[field, without(inner, ignored)]])));
}

/** The report as a table per fault kind, with the seed to replay it. */
export function describeCampaign(report: CampaignReport): string {
  const header = [
    'fault',
    'rounds',
    'acknowledged',
    'lost',
    'refused present',
    'oversold',
    'orphans',
    'read models off',
    'side effects not once',
    'verify-log failed',
    'answered 5xx (not 503)',
    'temp files left',
    'healthy after (median / max)',
  ];
  const rows = FAULT_KINDS.map((fault) => report.rounds.filter((round) => round.fault === fault))
    .filter((rounds) => rounds.length > 0)
    .map((rounds) => {
      const sum = (pick: (round: RoundResult) => number) => rounds.reduce((total, round) => total + pick(round), 0);
      const times = rounds.map((round) => round.healthyAfterMs).sort((a, b) => a - b);
      return [
        rounds[0]!.fault,
        rounds.length,
        sum((r) => r.acknowledged),
        sum((r) => r.lost),
        sum((r) => r.phantom),
        sum((r) => r.oversold),
        sum((r) => r.orphans),
        sum((r) => r.mismatched),
        sum((r) => r.duplicates),
        sum((r) => r.unverified),
        sum((r) => r.failed),
        sum((r) => r.halfWritten),
        `${(times[Math.floor(times.length / 2)]! / 1000).toFixed(1)} s / ${(times.at(-1)! / 1000).toFixed(1)} s`,
      ].map(String);
    });
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(header),
    line(header.map(() => '---')),
    ...rows.map(line),
    '',
    `read models against a rebuild from the same log: ${report.rebuildMismatches.length === 0 ? 'equal' : `differ in ${report.rebuildMismatches.join(', ')}`}`,
    `seed ${report.seed} (replay: npm run faults -- --seed ${report.seed} --rounds ${report.rounds.length} --faults ${report.faults.join(',')}${report.filesystem === 'ext4' ? ' --filesystem ext4' : ''})`,
  ].join('\n');
}
