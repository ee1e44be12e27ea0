/**
 * The life of a production process: run `main`, print an error that explains itself to the
 * operator as one line (anything else with its stack) and exit 1; on SIGTERM or SIGINT close
 * what was opened, once, in order, and exit 0.
 */
import http from 'node:http';
import { ConfigError } from './config.ts';

/**
 * An error whose message tells the operator all there is to say, so a stack trace would only
 * bury it: a configuration mistake, a store held by another live process, a key that does not
 * open the key store. Packages below this kit mark theirs with `forOperator` (no import needed).
 */
const explainsItself = (error: unknown): error is Error =>
  error instanceof ConfigError || (error instanceof Error && (error as { readonly forOperator?: unknown }).forOperator === true);

/** What to print for an error that ends a process or a command: its message alone when it explains itself. */
export const operatorMessage = (error: unknown): unknown => (explainsItself(error) ? error.message : error);

/**
 * A signal asked this process to stop (stopOnSignals). What `main` still running then throws
 * is the stop's doing (a server closed under the demo seed's requests): the stop goes on
 * closing the stores, then exits, rather than this process exiting with them still open
 * (their lock files left behind).
 */
let stopping = false;

export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (stopping) return;
    console.error(operatorMessage(error));
    process.exit(1);
  });
}

export function stopOnSignals(...closers: (() => Promise<unknown> | unknown)[]): void {
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
    check().then(
      ({ healthy, ...details }) => {
        res.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ success: healthy, ...details }));
      },
      (error: unknown) => {
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, error: String(error) }));
      },
    );
  });
}

export const serveHealth = (port: number, check: HealthCheck, other?: http.RequestListener): http.Server => healthServer(check, other).listen(port);

export const closeServer = (server: http.Server) => () => new Promise<void>((resolve) => server.close(() => resolve()));
