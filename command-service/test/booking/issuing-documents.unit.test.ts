import { expect } from 'chai';
import { bookingAggregate, type BookingEvent } from '@stays/contracts';
import { Conflict, NotFound } from '../../src/domain-errors.ts';
import { claimNotice, recordEmailSent, recordInvoice } from '../../src/booking/issuing-documents/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { bookingCancelled, bookingPlaced } from '../support/events.ts';

describe("recording a booking's documents", () => {
  const invoice = { url: '/sharma/resident/stays/media/Invoice_BK-1.pdf', mediaId: 'Invoice_BK-1.pdf', showsCancellation: false };
  const invoiceIssued: BookingEvent = { type: 'InvoiceIssued', data: { bookingID: 'BK-1', invoicePDF: invoice.url, mediaId: invoice.mediaId } };
  const emailSent: BookingEvent = { type: 'BookingEmailSent', data: { bookingID: 'BK-1', messageId: '<m1@stays>' } };

  it('records the invoice once', () => {
    const given = DeciderSpecification.for(recordInvoice, bookingAggregate);
    given(bookingPlaced).when(invoice).then([invoiceIssued]);
    given(bookingPlaced, invoiceIssued).when(invoice).thenNothing();
    given().when(invoice).thenThrows(NotFound);
  });

  it('records a second invoice, showing the charge, after a cancellation that cost something, and only then', () => {
    const given = DeciderSpecification.for(recordInvoice, bookingAggregate);
    const charged: BookingEvent = {
      type: 'BookingCancelled',
      data: { ...(bookingCancelled.data as { cancelledAt: string }), bookingID: 'BK-1', customerId: 'g1', chargeAmount: 14_400, refundAmount: 0 },
    };
    const second = { url: '/sharma/resident/stays/media/Invoice_BK-1-2.pdf', mediaId: 'Invoice_BK-1-2.pdf', showsCancellation: true };
    const secondIssued: BookingEvent = { type: 'InvoiceIssued', data: { bookingID: 'BK-1', invoicePDF: second.url, mediaId: second.mediaId } };
    given(bookingPlaced, invoiceIssued, charged).when(second).then([secondIssued]);
    given(bookingPlaced, invoiceIssued, charged, secondIssued).when(second).thenNothing();
    // a free cancellation keeps the invoice it had
    given(bookingPlaced, invoiceIssued, bookingCancelled).when(second).thenNothing();
    // rendered before the charged cancellation was recorded: refused, so the reactor renders it again
    given(bookingPlaced, charged)
      .when(invoice)
      .thenThrows(Conflict, (error) => expect(error.message).to.equal('booking BK-1 was cancelled with a charge while its invoice was rendered'));
    // cancelled for free before any invoice: the one rendered without the cancellation is right
    given(bookingPlaced, bookingCancelled).when(invoice).then([invoiceIssued]);
    given(bookingPlaced, charged).when(second).then([secondIssued]);
  });

  it('records the email once', () => {
    const given = DeciderSpecification.for(recordEmailSent, bookingAggregate);
    given(bookingPlaced, invoiceIssued).when({ messageId: '<m1@stays>' }).then([emailSent]);
    given(bookingPlaced, emailSent).when({ messageId: '<m2@stays>' }).thenNothing();
    given().when({ messageId: '<m1@stays>' }).thenThrows(NotFound);
  });

  it('lets one competing reactor take each notice upon itself once, and none once it is sent', () => {
    const given = DeciderSpecification.for(claimNotice, bookingAggregate);
    const claimed = (notice: 'owner-new-booking' | 'owner-cancellation'): BookingEvent => ({
      type: 'BookingNoticeClaimed',
      data: { bookingID: 'BK-1', notice },
    });
    const sent: BookingEvent = { type: 'BookingNoticeSent', data: { bookingID: 'BK-1', notice: 'owner-new-booking', messageId: '<n1@stays>' } };
    given(bookingPlaced)
      .when({ notice: 'owner-new-booking' })
      .then([claimed('owner-new-booking')]);
    given(bookingPlaced, claimed('owner-new-booking')).when({ notice: 'owner-new-booking' }).thenNothing();
    given(bookingPlaced, sent).when({ notice: 'owner-new-booking' }).thenNothing();
    // a claim on one notice leaves the others free
    given(bookingPlaced, claimed('owner-new-booking'), bookingCancelled)
      .when({ notice: 'owner-cancellation' })
      .then([claimed('owner-cancellation')]);
    given().when({ notice: 'owner-new-booking' }).thenThrows(NotFound);
  });
});
