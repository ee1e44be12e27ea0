/**
 * The life of a production process: run `main`, print an error that explains itself to the
 * operator as one line (anything else logged with its stack) and exit 1; on SIGTERM or SIGINT
 * close what was opened, once, in order, and exit 0 — within SHUTDOWN_TIMEOUT_MS, after which
 * (or at a second signal) it exits 1 at once.
 */
import http from 'node:http';
import { ConfigError } from './config.ts';
import { processLogger } from './observability/logger.ts';

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
    // a message for the operator is one plain line on stderr; anything else is a bug, logged with its stack
    if (explainsItself(error)) process.stderr.write(`${error.message}\n`);
    else processLogger().fatal({ err: error }, 'the process failed');
    process.exit(1);
  });
}

type Closer = () => Promise<unknown> | unknown;

/** The default bound of a graceful stop (SHUTDOWN_TIMEOUT_MS). */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * On SIGTERM or SIGINT: run the closers once, in order (stop accepting, finish what is in
 * flight, store checkpoints, close the stores), then exit 0. A stop that outlasts `timeoutMs`,
 * or a second signal, exits 1 at once: the log's appends are durable when acknowledged and the
 * followers resume from their checkpoints, so what is cut short is replayed, never lost.
 */
export function stopOnSignals(first: { readonly timeoutMs: number } | Closer, ...rest: Closer[]): void {
  const { timeoutMs } = typeof first === 'function' ? { timeoutMs: SHUTDOWN_TIMEOUT_MS } : first;
  const closers = typeof first === 'function' ? [first, ...rest] : rest;
  const logger = processLogger();
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal, timeoutMs }, 'shutting down');
    setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown took longer than SHUTDOWN_TIMEOUT_MS: exiting now');
      process.exit(1);
    }, timeoutMs).unref();
    try {
      for (const close of closers) await close();
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
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

/**
 * Stops accepting and resolves once every request in flight has been answered: keep-alive
 * connections are closed as soon as they fall idle, so a client holding one open cannot hold
 * the stop up (the stop's timeout bounds a request that never ends).
 */
export const closeServer = (server: http.Server) => () =>
  new Promise<void>((resolve) => {
    const closeIdle = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearInterval(closeIdle);
      resolve();
    });
    server.closeIdleConnections();
  });
