import { bookingIdOfInvoice, routes } from '@stays/contracts';
import { NotFoundError, isValidMediaId } from '@stays/service-kit';
import type { QueryContext } from '../query-context.ts';
import { invoiceReaders } from '../bookings/invoice-readers.ts';

/**
 * Images and invoices from the media store, with their stored content type. Images
 * (hotels, rooms, profiles) are public. An invoice is private: it is served only through a
 * signed link made for a reader who may still read it; a missing, tampered or expired
 * link, or one for a reader who may not, is the same 404 as a missing object, so probing
 * learns nothing.
 */
export function mountMediaRoutes({ deps, readModels, mount }: QueryContext): void {
  const mayReadInvoice = invoiceReaders(readModels);

  mount(routes.media, async (ctx) => {
    const { id } = ctx.input.params;
    if (!isValidMediaId(id)) throw new NotFoundError();
    const bookingID = bookingIdOfInvoice(id);
    if (bookingID !== null) {
      const reader = deps.mediaLinks.signedReaderOf(id, ctx.query);
      if (reader === null || !(await mayReadInvoice(bookingID, reader))) throw new NotFoundError();
    }
    const object = await deps.media.get(id);
    if (object === null) throw new NotFoundError();
    ctx.status = 200;
    ctx.type = object.contentType;
    ctx.length = object.size;
    // pages of other origins show our images and open invoice links (the spec's client); helmet's default is same-origin
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    // a private object is kept in no cache: the next reader of this browser may be someone else
    ctx.set('Cache-Control', bookingID === null ? 'private, max-age=86400' : 'private, no-store');
    if (object.contentType === 'application/pdf') ctx.set('Content-Disposition', `inline; filename="${id}"`);
    ctx.body = object.body;
  });
}
