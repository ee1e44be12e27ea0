/**
 * Renders invoices on a pool of worker threads: pdfmake spends tens of milliseconds of CPU
 * on each document, which on the main thread would stall every request of the process.
 *
 * - The pool has one worker per spare core (`defaultInvoiceWorkers`), started as work
 *   arrives; each renders one invoice at a time.
 * - A worker that dies (crash, out of memory, terminated) fails only the invoice it was
 *   rendering; the next invoice starts a replacement, so a broken worker cannot spin.
 * - Invoices waiting for a worker are bounded (`maxQueued`): beyond it `render` refuses at
 *   once with RenderQueueFullError rather than hold the work in memory. Callers bound
 *   their own concurrency (the documents reactor's lanes) so that it is not reached.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BookingCancellation, PlacedBooking } from '@stays/contracts';
import type { RenderReply, RenderRequest } from './invoice-worker.ts';

export interface InvoiceRenderer {
  /** `cancellation`: the booking's, when it was cancelled (the invoice then shows what it cost). */
  render(booking: PlacedBooking, paid: boolean, cancellation?: BookingCancellation | null): Promise<Buffer>;
  /** Invoices rendered at once. */
  readonly size: number;
  close(): Promise<void>;
}

export interface InvoiceWorkerPool extends InvoiceRenderer {
  stats(): InvoiceRendererStats;
}

export interface InvoiceRendererStats {
  readonly size: number;
  /** Workers rendering now. */
  readonly busy: number;
  /** Invoices waiting for a worker. */
  readonly queued: number;
  readonly rendered: number;
  /** Time the workers' threads were busy rendering, summed over every invoice rendered. */
  readonly busyMs: number;
  /** Workers that died while the pool was open. */
  readonly deaths: number;
}

export interface InvoiceWorkerPoolOptions {
  /** Workers; default `defaultInvoiceWorkers()`. */
  readonly size?: number;
  /** Invoices that may wait for a worker; default 8 a worker, more than the documents reactor ever asks at once. */
  readonly maxQueued?: number;
  /** Told of each worker started (operations tooling, tests that kill one). */
  readonly onWorkerStarted?: (worker: Worker) => void;
}

export class RenderQueueFullError extends Error {
  constructor(maxQueued: number) {
    super(`the invoice renderer already has ${maxQueued} invoices waiting for a worker`);
    this.name = 'RenderQueueFullError';
  }
}

/** One worker per core the machine has besides the one the process's own event loop needs, at least one. */
export function defaultInvoiceWorkers(parallelism = availableParallelism()): number {
  return Math.max(1, parallelism - 1);
}

const WORKER_ENTRY = new URL('./invoice-worker-bootstrap.mjs', import.meta.url);

interface Job {
  readonly request: RenderRequest;
  readonly resolve: (pdf: Buffer) => void;
  readonly reject: (error: Error) => void;
}

interface PoolWorker {
  readonly thread: Worker;
  job: Job | null;
}

export function createInvoiceWorkerPool(options: InvoiceWorkerPoolOptions = {}): InvoiceWorkerPool {
  const size = options.size ?? defaultInvoiceWorkers();
  const maxQueued = options.maxQueued ?? 8 * size;
  if (!Number.isInteger(size) || size < 1) throw new Error(`invoice workers must be a whole number of at least 1 (got ${size})`);
  if (!Number.isInteger(maxQueued) || maxQueued < 0) throw new Error(`invoices waiting for a worker must be a whole number of at least 0 (got ${maxQueued})`);
  const workers = new Set<PoolWorker>();
  const waiting: Job[] = [];
  let nextId = 1;
  let rendered = 0;
  let busyMs = 0;
  let deaths = 0;
  let closed = false;

  const start = (): PoolWorker => {
    const worker: PoolWorker = { thread: new Worker(WORKER_ENTRY), job: null };
    let failure: Error | null = null;
    worker.thread.on('message', (reply: RenderReply) => {
      const job = worker.job;
      if (job === null || job.request.id !== reply.id) return;
      worker.job = null;
      if ('pdf' in reply) {
        rendered++;
        busyMs += reply.busyMs;
        job.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
      } else job.reject(new Error(`invoice rendering failed: ${reply.error}`));
      dispatch();
    });
    worker.thread.on('error', (error) => {
      failure = error;
    });
    worker.thread.on('exit', (code) => {
      workers.delete(worker);
      if (!closed) deaths++;
      worker.job?.reject(new Error(`invoice worker stopped (exit code ${code})${failure ? `: ${failure.message}` : ''}`));
      worker.job = null;
      dispatch();
    });
    workers.add(worker);
    options.onWorkerStarted?.(worker.thread);
    return worker;
  };

  /** Hands waiting invoices to idle workers, starting workers up to the pool's size. */
  const dispatch = (): void => {
    while (!closed && waiting.length > 0) {
      let idle: PoolWorker | undefined;
      for (const worker of workers) if (worker.job === null) idle = worker;
      if (idle === undefined && workers.size < size) idle = start();
      if (idle === undefined) return;
      const job = waiting.shift()!;
      idle.job = job;
      idle.thread.postMessage(job.request);
    }
  };

  return {
    size,
    render(booking, paid, cancellation = null) {
      if (closed) return Promise.reject(new Error('the invoice renderer is closed'));
      if (waiting.length >= maxQueued && ![...workers].some((worker) => worker.job === null) && workers.size >= size) {
        return Promise.reject(new RenderQueueFullError(maxQueued));
      }
      return new Promise<Buffer>((resolve, reject) => {
        waiting.push({ request: { id: nextId++, booking, paid, cancellation }, resolve, reject });
        dispatch();
      });
    },
    stats: () => ({ size, busy: [...workers].filter((worker) => worker.job !== null).length, queued: waiting.length, rendered, busyMs, deaths }),
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new Error('the invoice renderer is closed'));
      await Promise.all([...workers].map((worker) => worker.thread.terminate()));
    },
  };
}

/** The pool's size from configuration (`INVOICE_WORKERS`): unset means one per spare core. */
export function invoiceWorkersSetting(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const workers = Number(text);
  if (!Number.isInteger(workers) || workers < 1 || workers > 256) throw new Error(`INVOICE_WORKERS must be a whole number from 1 to 256 (got "${text}")`);
  return workers;
}
