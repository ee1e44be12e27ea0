/**
 * A load generator in its own process, so it does not share the measured server's event
 * loop: `tsx bench/load-client.ts <json>` with {urls, clients, durationMs}; prints
 * {latencies, failures} as JSON. Each client sends the next URL as soon as its previous
 * request is answered (closed loop), over keep-alive connections.
 */
import http from 'node:http';

const { urls, clients, durationMs } = JSON.parse(process.argv[2]!) as { urls: string[]; clients: number; durationMs: number };
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const get = (url: string) => new Promise<number>((resolve, reject) => {
  http.get(url, { agent }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode ?? 0));
  }).on('error', reject);
});

const latencies: number[] = [];
let failures = 0;
let next = 0;
const deadline = performance.now() + durationMs;
const started = performance.now();
await Promise.all(Array.from({ length: clients }, async () => {
  while (performance.now() < deadline) {
    const url = urls[next++ % urls.length]!;
    const sent = performance.now();
    const status = await get(url);
    latencies.push(performance.now() - sent);
    if (status !== 200) failures++;
  }
}));
agent.destroy();
process.stdout.write(JSON.stringify({ latencies, failures, seconds: (performance.now() - started) / 1000 }));
