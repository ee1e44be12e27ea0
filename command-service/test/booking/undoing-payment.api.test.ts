/**
 * Undoing a recorded payment over HTTP: within its window the booking is unpaid again in
 * the owner's list and the log (and the auditors' history) holds BookingPaymentUndone;
 * from the window's end on it is refused with its message; another owner is refused; a
 * second undo finds nothing to undo. The system's clock is moved forward to leave the window.
 */
import { expect } from 'chai';
import { limits, messages, streams, type AuditEntry } from '@stays/contracts';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from '../../../standalone/test/support/accounts.ts';
import { auditLogCaughtUp } from '../../../standalone/test/support/audit-log.ts';
import { bookedStay, hotelWithRoom } from '../../../standalone/test/support/stays.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';

const AUDITOR = { email: 'undo.auditor@example.in', password: 'ledger-keeper-2024' };
const MINUTE = 60_000;

describe('undoing a recorded payment over HTTP', function () {
  this.timeout(60_000);
  let clockAheadMs = 0;
  let stays: TestSystem;
  let api: ApiClient;
  let owner: SignedIn;
  let guest: SignedIn;
  let hotelId: string;

  before(async () => {
    stays = await startTestSystem({
      env: { BOOTSTRAP_AUDITOR_EMAIL: AUDITOR.email, BOOTSTRAP_AUDITOR_PASSWORD: AUDITOR.password },
      overrides: { now: () => new Date(Date.now() + clockAheadMs) },
    });
    api = new ApiClient(stays.baseUrl);
    owner = await signedInOwner(api);
    guest = await signedInCustomer(api);
    ({ hotelId } = await hotelWithRoom(api, owner));
  });
  beforeEach(() => {
    clockAheadMs = 0;
  });
  after(async () => stays?.destroy());

  const markPaid = (bookingID: string, who = owner) => api.post(`/hotel/owner/booking/paid/${bookingID}`, {}, { token: who.token });
  const undo = (bookingID: string, who = owner) => api.post(`/hotel/owner/booking/paid/${bookingID}/undo`, {}, { token: who.token });
  const inOwnersList = async (bookingID: string) => {
    const response = await api.get(`/hotel/owner/get/all/hotel/owner/bookings/${hotelId}`, { token: owner.token });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return (response.body.data as Record<string, unknown>[]).find((booking) => booking.bookingID === bookingID)!;
  };
  const typesInLog = async (bookingID: string) => (await stays.system.eventStore.readStream(streams.booking(bookingID))).map((event) => event.type);

  it('undoes a payment near the end of its window: unpaid again in the list, BookingPaymentUndone in the log and the history', async () => {
    const bookingID = await bookedStay(stays, api, guest, hotelId);
    const paid = await markPaid(bookingID);
    expect(paid.status, JSON.stringify(paid.body)).to.equal(200);
    const { paidAt } = paid.body.data as { paidAt: string };
    expect(paid.body.data).to.deep.equal({ bookingID, isPaymentDone: true, paidAt });
    expect(await inOwnersList(bookingID)).to.include({ isPaymentDone: true, paidAt });

    clockAheadMs = limits.paymentUndoMinutes * MINUTE - 10_000;
    const undone = await undo(bookingID);
    expect(undone.status, JSON.stringify(undone.body)).to.equal(200);
    expect(undone.body).to.include({ success: true, message: messages.paymentUndo.paymentUndone });
    expect(await inOwnersList(bookingID)).to.include({ isPaymentDone: false, paidAt: null });
    expect((await typesInLog(bookingID)).slice(-2)).to.deep.equal(['BookingPaymentReceived', 'BookingPaymentUndone']);

    const auditor = (await api.post('/audit/login', AUDITOR)).body.data.accessToken as string;
    await auditLogCaughtUp(stays.system);
    const history = await api.get(`/audit/bookings/${bookingID}/history`, { token: auditor });
    const entry = (history.body.data.entries as AuditEntry[]).find((item) => item.record.type === 'BookingPaymentUndone');
    expect(entry?.actor).to.deep.include({ id: owner.id, role: 'hotel-owner' });
  });

  it('refuses an undo from the end of the window on, with its message: the payment stays recorded', async () => {
    const bookingID = await bookedStay(stays, api, guest, hotelId);
    expect((await markPaid(bookingID)).status).to.equal(200);
    clockAheadMs = limits.paymentUndoMinutes * MINUTE + 1_000;
    const late = await undo(bookingID);
    expect(late.status).to.equal(409);
    expect(late.body).to.deep.include({ success: false, message: messages.paymentUndo.windowOver(limits.paymentUndoMinutes) });
    expect(await inOwnersList(bookingID)).to.include({ isPaymentDone: true });
    expect(await typesInLog(bookingID)).to.not.include('BookingPaymentUndone');
  });

  it("refuses another owner's undo (403), and a second undo (409: nothing to undo)", async () => {
    const bookingID = await bookedStay(stays, api, guest, hotelId);
    expect((await markPaid(bookingID)).status).to.equal(200);
    const otherOwner = await signedInOwner(api, 'Other Owner');
    const stranger = await undo(bookingID, otherOwner);
    expect(stranger.status).to.equal(403);
    expect(stranger.body.message).to.equal(messages.server.notYourBooking);
    expect((await undo(bookingID)).status).to.equal(200);
    const twice = await undo(bookingID);
    expect(twice.status).to.equal(409);
    expect(twice.body.message).to.equal(messages.paymentUndo.notPaid);
    expect((await typesInLog(bookingID)).filter((type) => type === 'BookingPaymentUndone')).to.have.length(1);
  });

  it('lets the owner record the payment again after an undo, and the guest cancel the unpaid booking', async () => {
    const bookingID = await bookedStay(stays, api, guest, hotelId);
    expect((await markPaid(bookingID)).status).to.equal(200);
    expect((await undo(bookingID)).status).to.equal(200);
    clockAheadMs = 2 * MINUTE;
    const again = await markPaid(bookingID);
    expect(again.status).to.equal(200);
    expect(Date.parse(again.body.data.paidAt)).to.be.greaterThan(Date.now() + MINUTE);
    expect((await undo(bookingID)).status).to.equal(200);
    expect((await api.post(`/hotel/booking/cancel/${bookingID}`, {}, { token: guest.token })).status).to.equal(200);
  });
});
