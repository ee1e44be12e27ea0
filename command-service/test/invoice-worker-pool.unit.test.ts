/**
 * The invoice worker pool: real worker threads rendering real invoices, sized as asked,
 * refusing work beyond its bound instead of holding it, and replacing a worker that dies.
 */
import type { PlacedBooking } from '@stays/contracts';
import type { Worker } from 'node:worker_threads';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { openInMemoryEventStore } from '@stays/event-store';
import { createFileMediaStore, type EmailMessage, type Mailer } from '@stays/service-kit';
import { bookingDocumentsReactor } from '../src/reactors/booking-documents.ts';
import { createInvoiceWorkerPool, defaultInvoiceWorkers, RenderQueueFullError, type InvoiceWorkerPool } from '../src/reactors/invoice-renderer.ts';
import { bookingPlaced } from './support/events.ts';
import { until } from './support/until.ts';

const booking = (bookingID: string): PlacedBooking => ({ ...bookingPlaced.data, bookingID }) as PlacedBooking;

describe('invoice worker pool', function () {
  let pool: InvoiceWorkerPool | undefined;
  afterEach(async () => pool?.close());

  it('is one worker per core but the one the process needs, at least one', () => {
    expect(defaultInvoiceWorkers(8)).to.equal(7);
    expect(defaultInvoiceWorkers(2)).to.equal(1);
    expect(defaultInvoiceWorkers(1)).to.equal(1);
  });

  it('renders invoices on its workers, several at once, and counts their cost', async () => {
    pool = createInvoiceWorkerPool({ size: 2 });
    const pdfs = await Promise.all(['B-1', 'B-2', 'B-3'].map((id) => pool!.render(booking(id), false)));
    for (const [i, pdf] of pdfs.entries()) {
      expect(pdf.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
      expect(pdf.toString('latin1')).to.contain(`Invoice_B-${i + 1}.pdf`);
    }
    const stats = pool.stats();
    expect(stats).to.deep.include({ size: 2, rendered: 3, busy: 0, queued: 0, deaths: 0 });
    expect(stats.busyMs).to.be.greaterThan(0);
  });

  it('refuses at once what would wait beyond its bound, and keeps rendering', async () => {
    pool = createInvoiceWorkerPool({ size: 1, maxQueued: 1 });
    const accepted = [pool.render(booking('B-1'), false), pool.render(booking('B-2'), false)];
    let refused: unknown;
    await pool.render(booking('B-3'), false).catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(RenderQueueFullError);
    expect(await Promise.all(accepted)).to.have.length(2);
  });

  it('fails only the invoice of a worker killed mid-render, and renders the next on a new worker', async () => {
    const started: Worker[] = [];
    pool = createInvoiceWorkerPool({ size: 1, onWorkerStarted: (worker) => started.push(worker) });
    await pool.render(booking('B-warm'), false);
    const killed = pool.render(booking('B-1'), false);
    await until(() => pool!.stats().busy === 1, 'the render to start');
    await started[0]!.terminate();
    let failure: unknown;
    await killed.catch((error: unknown) => (failure = error));
    expect(String(failure)).to.contain('invoice worker stopped');
    const pdf = await pool.render(booking('B-1'), false);
    expect(pdf.toString('latin1')).to.contain('Invoice_B-1.pdf');
    expect(started).to.have.length(2);
    expect(pool.stats().deaths).to.equal(1);
  });
});

describe('booking documents on the worker pool', function () {
  it('sends the invoice of a booking whose worker was killed mid-render, once, on a restarted worker', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'documents-pool-'));
    const store = await openInMemoryEventStore();
    const started: Worker[] = [];
    const renderer = createInvoiceWorkerPool({ size: 1, onWorkerStarted: (worker) => started.push(worker) });
    const sent: EmailMessage[] = [];
    const mailer: Mailer = { send: async (message) => (sent.push(message), { messageId: `m${sent.length}` }) };
    const reactor = bookingDocumentsReactor({
      store,
      media: createFileMediaStore({ dir, publicBaseUrl: '/media' }),
      mailer,
      renderer,
      retryDelaysMs: [20],
      log: () => undefined,
    });
    try {
      await reactor.start();
      await reactor.whenCaughtUp();
      await store.append('booking-BK-KILLED01', [{ type: 'BookingPlaced', data: { ...bookingPlaced.data, bookingID: 'BK-KILLED01' } }]);
      await until(() => renderer.stats().busy === 1, 'the render to start');
      await started[0]!.terminate();
      await until(() => sent.length === 1, 'the email');
      await reactor.whenIdle();
      expect(renderer.stats().deaths).to.equal(1);
      expect(started).to.have.length(2);
      expect(sent).to.have.length(1);
      const pdf = sent[0]!.attachments![0]!.content as Buffer;
      expect(pdf.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
      expect(pdf.toString('latin1')).to.contain('Invoice_BK-KILLED01.pdf');
    } finally {
      await reactor.stop();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
