/**
 * A load generator in its own process, so it does not share the measured server's event
 * loop: `tsx bench/load-client.ts <plan.json>` (see LoadPlan); prints a LoadResult as JSON.
 *
 * It speaks just enough HTTP/1.1 over raw keep-alive sockets (bench/http-answers.ts) that
 * its own cost stays small beside the server's. Each client sends its next request as soon
 * as the previous answer has fully arrived (closed loop); a latency runs from writing the
 * request to the answer's last byte.
 */
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { AnswerReader, encodeRequest, type PlannedRequest } from './http-answers.ts';

export type { PlannedRequest } from './http-answers.ts';

export interface LoadPlan {
  /** e.g. http://127.0.0.1:8080 */
  readonly target: string;
  readonly durationMs: number;
  /** One list per client, sent in order; a GET-only list starts over when done, any other client stops at its end. */
  readonly clients: readonly (readonly PlannedRequest[])[];
  /** How many times each client goes through its list before it stops (for requests that may be repeated, such as failing sign-ins). */
  readonly rounds?: number;
}

export interface LoadResult {
  readonly latencies: number[];
  /** Answers with a status of 300 or more. */
  readonly failures: number;
  readonly seconds: number;
  /** Answers by status code. */
  readonly statuses: Record<string, number>;
  /** When the first request was sent (milliseconds since the epoch), for lining up with measurements taken elsewhere. */
  readonly startedAt: number;
  /** The latencies of labelled requests, by label. */
  readonly latenciesByLabel: Record<string, number[]>;
}

/** One client: a keep-alive connection that sends a request, waits for the whole answer, repeats. */
function runClient(
  target: URL,
  requests: readonly Buffer[],
  labels: readonly (string | undefined)[],
  sends: number,
  deadline: number,
  result: LoadResult & { failures: number },
) {
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect(Number(target.port), target.hostname);
    socket.setNoDelay(true);
    let next = 0;
    const reader = new AnswerReader();
    let sentAt = 0;
    let label: string | undefined;
    const send = () => {
      if (performance.now() >= deadline || next >= sends) {
        socket.end();
        resolve();
        return;
      }
      sentAt = performance.now();
      label = labels[next % requests.length];
      socket.write(requests[next++ % requests.length]!);
    };
    socket.on('connect', send);
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      let answers;
      try {
        answers = reader.feed(chunk);
      } catch (error) {
        socket.destroy();
        reject(error);
        return;
      }
      // one request at a time on this connection: at most one answer
      for (const { status } of answers) {
        const latency = performance.now() - sentAt;
        result.latencies.push(latency);
        if (label !== undefined) (result.latenciesByLabel[label] ??= []).push(latency);
        if (status >= 300) result.failures++;
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
        send();
      }
    });
  });
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadPlan;
const target = new URL(plan.target);
const result = {
  latencies: [] as number[],
  failures: 0,
  seconds: 0,
  statuses: {} as Record<string, number>,
  startedAt: Date.now(),
  latenciesByLabel: {} as Record<string, number[]>,
};
const started = performance.now();
const deadline = started + plan.durationMs;
const sendsOf = (requests: readonly PlannedRequest[]) =>
  plan.rounds !== undefined
    ? plan.rounds * requests.length
    : requests.every((request) => request.method === 'GET')
      ? Number.POSITIVE_INFINITY
      : requests.length;
await Promise.all(
  plan.clients.map((requests) =>
    runClient(
      target,
      requests.map((request) => encodeRequest(request, target.host)),
      requests.map((request) => request.label),
      sendsOf(requests),
      deadline,
      result,
    ),
  ),
);
result.seconds = (performance.now() - started) / 1000;
process.stdout.write(JSON.stringify(result));
