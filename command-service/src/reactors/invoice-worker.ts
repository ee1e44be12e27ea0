/** Worker thread entry: renders invoices off the main event loop (see invoice-renderer.ts). */
import type { PlacedBooking } from '@stays/contracts';
import { parentPort } from 'node:worker_threads';
import { renderInvoice } from './invoice-pdf.ts';

parentPort!.on('message', async (request: { id: number; booking: PlacedBooking; paid: boolean }) => {
  try {
    const pdf = await renderInvoice(request.booking, request.paid);
    parentPort!.postMessage({ id: request.id, pdf }, [pdf.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
