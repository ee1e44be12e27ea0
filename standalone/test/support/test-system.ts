/**
 * A whole Stays system on a fresh temporary data directory, listening on an ephemeral
 * port: tests talk to it over HTTP exactly as a client would.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { answerUnreadableRequests, loadConfig } from '@stays/service-kit';
import { composeSystem, type ComposeOverrides, type System } from '../../src/compose.ts';

export const API = '/sharma/resident/stays';

export interface TestSystem {
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly system: System;
  /** Stops the server and the system, keeping the data directory (for restart tests). */
  stop(): Promise<void>;
  /** Stops and removes the data directory. */
  destroy(): Promise<void>;
}

export async function startTestSystem(options: { dataDir?: string; env?: Record<string, string>; overrides?: ComposeOverrides } = {}): Promise<TestSystem> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'stays-test-')));
  // The port is known only once listening, and media links are built from PUBLIC_URL: listen first.
  let handle: http.RequestListener = (_request, response) => response.writeHead(503).end();
  // as npm start serves it (standalone/src/main.ts)
  const server = answerUnreadableRequests(http.createServer((request, response) => handle(request, response)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let system: System;
  try {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', SEED_DEMO: '0', PUBLIC_URL: `http://127.0.0.1:${port}`, ...options.env });
    system = await composeSystem(config, { log: () => undefined, ...options.overrides });
  } catch (error) {
    // a start refused (the tests of bad settings) leaves no directory behind
    server.close();
    if (options.dataDir === undefined) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  await system.runner.whenCaughtUp();
  handle = system.host.callback();
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await system.close();
  };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    system,
    stop,
    destroy: async () => {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
