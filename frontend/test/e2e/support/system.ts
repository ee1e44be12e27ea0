/**
 * A whole Stays system for browser tests: a fresh temporary DATA_DIR, the product in this
 * process on an ephemeral port (it serves the built client at `/`), the demo data seeded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@stays/service-kit';
import { answerCheckerFor } from '@stays/service-kit/testing';
import { composeSystem } from '../../../../standalone/src/compose.ts';
import { seedDemo } from '../../../../standalone/src/demo/index.ts';

export const API = '/sharma/resident/stays';
const DIST_INDEX = fileURLToPath(new URL('../../../dist/index.html', import.meta.url));

export interface E2eSystem {
  readonly baseUrl: string;
  readonly dataDir: string;
  destroy(): Promise<void>;
}

/** What the API answered: its status and its envelope. */
export interface ApiAnswer<T> {
  readonly status: number;
  readonly json: { success: boolean; message: string; data: T };
}

/** A call to the system's API as a client makes it: a JSON body or a form, and the caller's token if any; its answer is checked against the OpenAPI document. */
export async function callApi<T>(system: E2eSystem, method: string, route: string, body?: unknown, token?: string): Promise<ApiAnswer<T>> {
  const isForm = body instanceof FormData;
  const url = `${system.baseUrl}${API}${route}`;
  const response = await fetch(url, {
    method,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...(!isForm && body !== undefined && { 'content-type': 'application/json' }) },
    body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as ApiAnswer<T>['json'];
  // every answer a journey reads is checked against the OpenAPI document, as in the API tests
  answerCheckerFor(API).check({ method, path: new URL(url).pathname, status: response.status, contentType: response.headers.get('content-type'), body: json });
  return { status: response.status, json };
}

/** `now`: the product's clock, for journeys that need time to pass (a link expiring). */
export async function startE2eSystem(options: { seed?: boolean; env?: Record<string, string>; now?: () => Date } = {}): Promise<E2eSystem> {
  if (!existsSync(DIST_INDEX)) {
    throw new Error(`The built web client is missing (${DIST_INDEX}). Run \`npm run build\` first (the root \`npm test\` does).`);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-e2e-'));
  // Media links are built from PUBLIC_URL, and the port is known only once listening: listen first.
  let handle: http.RequestListener = (_request, response) => response.writeHead(503).end();
  const server = http.createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', SEED_DEMO: '0', PUBLIC_URL: baseUrl, ...options.env });
  const system = await composeSystem(config, { log: () => undefined, ...(options.now && { now: options.now }) });
  await system.runner.whenCaughtUp();
  handle = system.host.callback();
  if (options.seed ?? true) await seedDemo(baseUrl, API);
  return {
    baseUrl,
    dataDir,
    destroy: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await system.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
