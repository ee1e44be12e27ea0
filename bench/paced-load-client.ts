/**
 * Open-loop load from a process of its own: sends each planned request at its own time
 * (`ratePerSecond`, whatever the answers), so a slow server sees the same arrivals, and
 * records when each answer came (milliseconds since the epoch) with the booking it made.
 * Requests go over raw keep-alive sockets (bench/http-answers.ts), each on a connection that
 * is free then (a new one when none is), as a browser's pool does; a latency runs from
 * writing the request to the answer's last byte. Only a POST's answer is decoded, for the
 * booking it made. Run by `runPacedLoad` (bench/invoices.bench.ts, bench/search.bench.ts):
 * `paced-load-client.ts <plan.json>`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { AnswerReader, encodeRequest, type Answer, type PlannedRequest } from './http-answers.ts';

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

/** One keep-alive connection, with the request it waits on (one at a time). */
interface Connection {
  readonly socket: net.Socket;
  readonly reader: AnswerReader;
  waiting: ((answer: Answer | null) => void) | null;
}

/** Keep-alive connections to `target`, each lent to one request at a time. */
function connectionPool(target: URL) {
  const idle: Connection[] = [];
  const open = (): Connection => {
    const socket = net.connect(Number(target.port), target.hostname);
    socket.setNoDelay(true);
    const connection: Connection = { socket, reader: new AnswerReader(), waiting: null };
    const fail = () => {
      socket.destroy();
      const at = idle.indexOf(connection);
      if (at >= 0) idle.splice(at, 1);
      const waiting = connection.waiting;
      connection.waiting = null;
      waiting?.(null);
    };
    socket.on('error', fail);
    socket.on('close', fail);
    socket.on('data', (chunk: Buffer) => {
      let answers: Answer[];
      try {
        answers = connection.reader.feed(chunk);
      } catch {
        fail();
        return;
      }
      for (const answer of answers) {
        const waiting = connection.waiting;
        if (waiting === null) continue; // an answer no request of this connection waits for
        connection.waiting = null;
        idle.push(connection);
        waiting(answer);
      }
    });
    return connection;
  };
  return {
    /** The answer to `request` (null when its connection failed), sent on a free connection. */
    send(request: Buffer): Promise<Answer | null> {
      const connection = idle.pop() ?? open();
      return new Promise((resolve) => {
        connection.waiting = resolve;
        connection.socket.write(request);
      });
    },
    close: () => idle.splice(0).forEach((connection) => connection.socket.destroy()),
  };
}

/** The booking a booking's answer names, when it names one. */
function bookingOf(answer: Answer): string | undefined {
  try {
    const text = (answer.encoding === 'gzip' ? gunzipSync(answer.body) : answer.body).toString('utf8');
    const bookingID = (JSON.parse(text) as { data?: { bookingID?: unknown } } | null)?.data?.bookingID;
    return typeof bookingID === 'string' ? bookingID : undefined;
  } catch {
    return undefined;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const plan = JSON.parse(await readFile(process.argv[2]!, 'utf8')) as PacedPlan;
  const target = new URL(plan.target);
  const pool = connectionPool(target);
  const interval = 1000 / plan.ratePerSecond;
  const start = performance.now();
  const answers: Promise<PacedAnswer>[] = [];
  for (const [i, request] of plan.requests.entries()) {
    const wait = start + i * interval - performance.now();
    if (wait > 1) await sleep(wait);
    const sentAt = performance.now();
    answers.push(
      pool.send(encodeRequest(request, target.host)).then((answer): PacedAnswer => {
        const latencyMs = performance.now() - sentAt;
        if (answer === null) return { status: 0, answeredAt: Date.now(), latencyMs };
        const bookingID = request.method === 'POST' ? bookingOf(answer) : undefined;
        return { status: answer.status, answeredAt: Date.now(), latencyMs, ...(bookingID && { bookingID }) };
      }),
    );
  }
  const done = await Promise.all(answers);
  pool.close();
  process.stdout.write(JSON.stringify({ answers: done, seconds: (performance.now() - start) / 1000 } satisfies PacedResult));
}
