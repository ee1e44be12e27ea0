/**
 * Renders invoices in a worker thread: pdfmake parses its fonts for every document, tens
 * of milliseconds of CPU that would otherwise stall every request of the process. The
 * worker starts on first use and is restarted if it dies.
 */
import type { PlacedBooking } from '@stays/contracts';
import { Worker } from 'node:worker_threads';

export interface InvoiceRenderer {
  render(booking: PlacedBooking, paid: boolean): Promise<Buffer>;
  close(): Promise<void>;
}

/** Workers do not inherit this process's TypeScript loader: register tsx, then load the worker module. */
const WORKER_BOOTSTRAP = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./invoice-worker.ts', import.meta.url).href)}); })`;

export function createWorkerInvoiceRenderer(): InvoiceRenderer {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (pdf: Buffer) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  const start = (): Worker => {
    const started = new Worker(WORKER_BOOTSTRAP, { eval: true });
    started.on('message', (message: { id: number; pdf?: Uint8Array; error?: string }) => {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.pdf) waiting.resolve(Buffer.from(message.pdf));
      else waiting.reject(new Error(message.error ?? 'invoice rendering failed'));
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', () => {
      if (worker === started) worker = null;
      failAll(new Error('invoice worker stopped'));
    });
    return started;
  };

  return {
    render(booking, paid) {
      worker ??= start();
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker!.postMessage({ id, booking, paid });
      });
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}
