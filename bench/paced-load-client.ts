/**
 * Open-loop load from a process of its own: sends each planned request at its own time
 * (`ratePerSecond`, whatever the answers), so a slow server sees the same arrivals, and
 * records when each answer came (milliseconds since the epoch) with the booking it made.
 * Run by `runPacedLoad` (bench/invoices.bench.ts): `paced-load-client.ts <plan.json>`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PlannedRequest } from './load-client.ts';

export interface PacedPlan {
  readonly target: string;
  readonly ratePerSecond: number;
  readonly requests: readonly PlannedRequest[];
}

export interface PacedAnswer {
  readonly status: number;
  /** Milliseconds since the epoch. */
  readonly answeredAt: number;
  readonly latencyMs: number;
  /** The answer's `data.bookingID`, when it has one. */
  readonly bookingID?: string;
}

export interface PacedResult {
  readonly answers: PacedAnswer[];
  readonly seconds: number;
}

export async function runPacedLoad(plan: PacedPlan): Promise<PacedResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stays-paced-'));
  try {
    const planFile = path.join(dir, 'plan.json');
    await writeFile(planFile, JSON.stringify(plan));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), planFile], {
      maxBuffer: 256 * 1024 * 1024,
    });
    return JSON.parse(stdout) as PacedResult;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function send(target: string, request: PlannedRequest): Promise<PacedAnswer> {
  const started = performance.now();
  try {
    const response = await fetch(target + request.path, {
      method: request.method,
      headers: { ...request.headers, ...(request.body !== undefined && { 'content-type': 'application/json' }) },
      ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
    });
    const body = (await response.json().catch(() => null)) as { data?: { bookingID?: unknown } } | null;
    const bookingID = typeof body?.data?.bookingID === 'string' ? body.data.bookingID : undefined;
    return { status: response.status, answeredAt: Date.now(), latencyMs: performance.now() - started, ...(bookingID && { bookingID }) };
  } catch {
    return { status: 0, answeredAt: Date.now(), latencyMs: performance.now() - started };
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const plan = JSON.parse(await readFile(process.argv[2]!, 'utf8')) as PacedPlan;
  const interval = 1000 / plan.ratePerSecond;
  const start = performance.now();
  const answers: Promise<PacedAnswer>[] = [];
  for (const [i, request] of plan.requests.entries()) {
    const wait = start + i * interval - performance.now();
    if (wait > 1) await sleep(wait);
    answers.push(send(plan.target, request));
  }
  const done = await Promise.all(answers);
  process.stdout.write(JSON.stringify({ answers: done, seconds: (performance.now() - start) / 1000 } satisfies PacedResult));
}
