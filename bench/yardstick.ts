/**
 * Three fixed measurements of the machine itself, printed at the head of every run: the
 * same code measured on two machines can differ severalfold (a replay ran 1.6 times faster,
 * cached searches 3 times, on the machine of one session than on the next), so a figure is
 * compared across runs only with their yardsticks beside it. Each is the best of three.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Yardstick {
  /** Integer arithmetic on one core, no allocation. */
  readonly cpuLoopMs: number;
  /** Small objects allocated and dropped: what the young-generation collector and the memory bus do. */
  readonly smallObjectsMs: number;
  /** Keep-alive HTTP requests a second over loopback, client and server in this process: system calls and the network stack. */
  readonly loopbackRequestsPerSecond: number;
}

const CPU_ITERATIONS = 100_000_000;
const OBJECTS = 10_000_000;
const REQUESTS = 2_000;

function cpuLoop(): number {
  const started = performance.now();
  let sum = 0;
  for (let i = 0; i < CPU_ITERATIONS; i++) sum = (sum + i * 7) % 1_000_003;
  if (sum < 0) console.log(sum); // kept live, so the loop is not optimised away
  return performance.now() - started;
}

function smallObjects(): number {
  const started = performance.now();
  let kept: { readonly a: number; readonly b: string; readonly c: number[] } | undefined;
  for (let i = 0; i < OBJECTS; i++) {
    const object = { a: i, b: `s${i & 1023}`, c: [i, i + 1] };
    if ((i & 4095) === 0) kept = object;
  }
  if (kept === undefined) throw new Error('unreachable');
  return performance.now() - started;
}

async function loopback(): Promise<number> {
  const server = http.createServer((_, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { port } = server.address() as AddressInfo;
  try {
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) {
      await new Promise<void>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/', agent }, (response) => {
            response.resume();
            response.on('end', resolve);
          })
          .on('error', reject);
      });
    }
    return REQUESTS / ((performance.now() - started) / 1000);
  } finally {
    agent.destroy();
    server.close();
  }
}

export async function measureYardstick(): Promise<Yardstick> {
  const best = async (measure: () => number | Promise<number>, better: (a: number, b: number) => number) => {
    let result = await measure();
    for (let round = 1; round < 3; round++) result = better(result, await measure());
    return result;
  };
  return {
    cpuLoopMs: await best(cpuLoop, Math.min),
    smallObjectsMs: await best(smallObjects, Math.min),
    loopbackRequestsPerSecond: await best(loopback, Math.max),
  };
}
