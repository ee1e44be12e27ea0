/** Worker thread entry (through invoice-worker-bootstrap.mjs): renders invoices off the main event loop (see invoice-renderer.ts). */
import type { BookingCancellation, PlacedBooking } from '@stays/contracts';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { renderInvoice } from './invoice-pdf.ts';

export interface RenderRequest {
  readonly id: number;
  readonly booking: PlacedBooking;
  readonly paid: boolean;
  readonly cancellation: BookingCancellation | null;
}

export type RenderReply = { readonly id: number; readonly pdf: Uint8Array; readonly busyMs: number } | { readonly id: number; readonly error: string };

parentPort!.on('message', async (request: RenderRequest) => {
  // The thread's own busy time (its event loop not idle), not the process's CPU: other threads render meanwhile.
  const before = performance.eventLoopUtilization();
  try {
    const pdf = await renderInvoice(request.booking, request.paid, request.cancellation);
    const busyMs = performance.eventLoopUtilization(before).active;
    const reply: RenderReply = { id: request.id, pdf, busyMs };
    parentPort!.postMessage(reply, [pdf.buffer as ArrayBuffer]);
  } catch (error) {
    const reply: RenderReply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    parentPort!.postMessage(reply);
  }
});
