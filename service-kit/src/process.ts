/**
 * The life of a production process: run `main`, print a configuration error as one line
 * (anything else with its stack) and exit 1; on SIGTERM or SIGINT close what was opened,
 * once, in order, and exit 0.
 */
import http from 'node:http';
import { ConfigError } from './config.ts';

export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}

export function stopOnSignals(...closers: (() => Promise<unknown> | unknown)[]): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const close of closers) await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

/** A tiny health endpoint for workers without an HTTP API: GET /healthz → 200 when `healthy()`. */
export function serveHealth(port: number, healthy: () => boolean, details: () => unknown = () => ({})): http.Server {
  return http.createServer((req, res) => {
    const ok = healthy();
    res.writeHead(req.url === '/healthz' ? (ok ? 200 : 503) : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: ok, ...(details() as object) }));
  }).listen(port);
}

export const closeServer = (server: http.Server) => () => new Promise<void>((resolve) => server.close(() => resolve()));
