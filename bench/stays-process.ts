/**
 * A whole Stays system (`npm start` on embedded stores, behind the gateway: TRUST_PROXY=1) in
 * a process of its own, on a fresh DATA_DIR, listening on 127.0.0.1 only: `startStaysApart()`
 * runs bench/stays-process.ts as a child, so what loads the system and what measures it
 * share no event loop with it. Closing the child's stdin stops it; its last line then says
 * how many lines it logged (errors included), which it otherwise keeps to itself.
 *
 * As a script: prints `{"port": …}` once listening, `{"loggedLines": …}` once stopped.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface StaysApart {
  /** e.g. http://127.0.0.1:41234 */
  readonly origin: string;
  /** Stops the system and removes its data; resolves to the number of lines it logged. */
  stop(): Promise<number>;
}

export async function startStaysApart(): Promise<StaysApart> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = readline.createInterface({ input: child.stdout });
  const next = () =>
    new Promise<Record<string, number>>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the Stays process stopped (exit code ${code})`));
      child.once('exit', onExit);
      lines.once('line', (line) => {
        child.off('exit', onExit);
        resolve(JSON.parse(line) as Record<string, number>);
      });
    });
  const { port } = await next();
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      const stopped = next();
      child.stdin.end();
      return (await stopped).loggedLines!;
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { loadConfig } = await import('@stays/service-kit');
  const { composeSystem } = await import('../standalone/src/compose.ts');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-apart-'));
  let loggedLines = 0;
  const system = await composeSystem(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', TRUST_PROXY: '1' }), { log: () => void loggedLines++ });
  await system.runner.whenCaughtUp();
  const server = http.createServer(system.host.callback());
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
  process.stdin.resume();
  process.stdin.on('end', async () => {
    server.closeAllConnections();
    server.close();
    await system.close();
    await rm(dataDir, { recursive: true, force: true });
    process.stdout.write(`${JSON.stringify({ loggedLines })}\n`);
    process.exit(0);
  });
}
