import { bookingAggregate, type BookingEvent } from '@stays/contracts';
import { NotFound } from '../../src/domain-errors.ts';
import { recordEmailSent, recordInvoice } from '../../src/booking/issuing-documents/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { bookingPlaced } from '../support/events.ts';

describe("recording a booking's documents", () => {
  const invoice = { url: '/sharma/resident/stays/media/Invoice_BK-1.pdf', mediaId: 'Invoice_BK-1.pdf' };
  const invoiceIssued: BookingEvent = { type: 'InvoiceIssued', data: { bookingID: 'BK-1', invoicePDF: invoice.url, mediaId: invoice.mediaId } };
  const emailSent: BookingEvent = { type: 'BookingEmailSent', data: { bookingID: 'BK-1', messageId: '<m1@stays>' } };

  it('records the invoice once', () => {
    const given = DeciderSpecification.for(recordInvoice, bookingAggregate);
    given(bookingPlaced).when(invoice).then([invoiceIssued]);
    given(bookingPlaced, invoiceIssued).when(invoice).thenNothing();
    given().when(invoice).thenThrows(NotFound);
  });

  it('records the email once', () => {
    const given = DeciderSpecification.for(recordEmailSent, bookingAggregate);
    given(bookingPlaced, invoiceIssued).when({ messageId: '<m1@stays>' }).then([emailSent]);
    given(bookingPlaced, emailSent).when({ messageId: '<m2@stays>' }).thenNothing();
    given().when({ messageId: '<m1@stays>' }).thenThrows(NotFound);
  });
});
