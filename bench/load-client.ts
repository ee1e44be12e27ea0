/**
 * A load generator in its own process, so it does not share the measured server's event
 * loop: `tsx bench/load-client.ts <json>` with {urls, clients, durationMs, headers?}; prints
 * {latencies, failures, seconds} as JSON.
 *
 * Like wrk, it speaks just enough HTTP/1.1 over raw keep-alive sockets (GET, answers with
 * a Content-Length) that its own cost stays small beside the server's: on a two-core
 * machine, node's full HTTP client spent almost a core of its own and its queueing showed
 * up in the measured latencies. Each client sends the next URL as soon as its previous
 * answer has fully arrived (closed loop); a latency runs from writing the request to the
 * answer's last byte. The body is not decoded.
 */
import net from 'node:net';

const { urls, clients, durationMs, headers = {} } = JSON.parse(process.argv[2]!) as {
  urls: string[]; clients: number; durationMs: number; headers?: Record<string, string>;
};
const targets = urls.map((url) => new URL(url));
const extraHeaders = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');

const latencies: number[] = [];
let failures = 0;
let next = 0;
const deadline = performance.now() + durationMs;
const started = performance.now();

/** One client: a keep-alive connection that sends a request, waits for the whole answer, repeats. */
const client = () => new Promise<void>((resolve, reject) => {
  const { hostname, port } = targets[0]!;
  const socket = net.connect(Number(port), hostname);
  socket.setNoDelay(true);
  let received: Buffer = Buffer.alloc(0);
  let answerLength = -1;
  let status = 0;
  let sentAt = 0;
  const send = () => {
    if (performance.now() >= deadline) {
      socket.end();
      resolve();
      return;
    }
    const target = targets[next++ % targets.length]!;
    sentAt = performance.now();
    answerLength = -1;
    socket.write(`GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n${extraHeaders}\r\n`);
  };
  socket.on('connect', send);
  socket.on('error', reject);
  socket.on('data', (chunk: Buffer) => {
    received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
    if (answerLength < 0) {
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = received.subarray(0, headEnd).toString('latin1');
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (length === null) {
        socket.destroy();
        reject(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
        return;
      }
      status = Number(head.slice(9, 12));
      answerLength = headEnd + 4 + Number(length[1]);
    }
    if (received.length < answerLength) return;
    latencies.push(performance.now() - sentAt);
    if (status !== 200) failures++;
    received = received.subarray(answerLength);
    send();
  });
});

await Promise.all(Array.from({ length: clients }, client));
process.stdout.write(JSON.stringify({ latencies, failures, seconds: (performance.now() - started) / 1000 }));
