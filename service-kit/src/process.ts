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

/** What a worker says about itself: `healthy` and whatever explains it. */
export type HealthCheck = () => Promise<{ readonly healthy: boolean } & object>;

/**
 * A tiny health endpoint for workers without an HTTP API: GET /healthz → 200 when the
 * check says healthy, 503 when not (or when the check itself fails), with its details.
 * Other requests go to `other` (a worker's operator calls), or are answered 404.
 */
export function healthServer(check: HealthCheck, other?: http.RequestListener): http.Server {
  return http.createServer((req, res) => {
    if (req.url !== '/healthz' && other !== undefined) {
      other(req, res);
      return;
    }
    if (req.url !== '/healthz') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false }));
      return;
    }
    check().then(({ healthy, ...details }) => {
      res.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ success: healthy, ...details }));
    }, (error: unknown) => {
      res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, error: String(error) }));
    });
  });
}

export const serveHealth = (port: number, check: HealthCheck, other?: http.RequestListener): http.Server => healthServer(check, other).listen(port);

export const closeServer = (server: http.Server) => () => new Promise<void>((resolve) => server.close(() => resolve()));
