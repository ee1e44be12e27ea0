import { expect } from 'chai';
import type { RecordedEvent } from '@stays/event-store';
import { createEmbeddedReadStore, type ReadStore } from '@stays/read-store';
import { AUDIT_LOG_COLLECTION, ReadStoreTreeHeadStore, notaryQueries } from '@stays/notary';
import { bookingHistory } from '../src/audit/booking-history.ts';

const CONTACT = 'contact-c0ffee';

/** The log the leaves point into: the records written by logOf, by position. */
const records = new Map<number, RecordedEvent>();
const auditLogOf = (readStore: ReadStore) =>
  notaryQueries(readStore, new ReadStoreTreeHeadStore(readStore), { readAt: async (positions) => positions.flatMap((position) => records.get(position) ?? []) })
    .auditLog;

/** Writes leaves in the notary's shape, leaf i being the i-th event given. */
async function logOf(
  events: readonly { streamId: string; type: string; data: Record<string, unknown>; metadata?: Record<string, unknown> }[],
): Promise<ReadStore> {
  const readStore = createEmbeddedReadStore();
  const collection = readStore.collection(AUDIT_LOG_COLLECTION);
  for (const [leafIndex, event] of events.entries()) {
    const metadata = event.metadata ?? {};
    const recordedAt = new Date(Date.UTC(2026, 10, 22) + leafIndex * 1000).toISOString();
    const record = {
      id: `e${leafIndex}`,
      streamId: event.streamId,
      type: event.type,
      revision: 0,
      position: leafIndex + 1,
      data: event.data,
      metadata,
      recordedAt,
    };
    records.set(record.position, record);
    await collection.insertOne({
      _id: leafIndex,
      position: leafIndex + 1,
      streamId: event.streamId,
      category: event.streamId.split('-')[0],
      type: event.type,
      actor: metadata.actor ?? 'system',
      bookingID: metadata.correlationId ?? event.data.bookingID ?? null,
      recordedAt,
    });
  }
  return readStore;
}

const contact = (type: string, customerId: string) => ({ streamId: CONTACT, type, data: { customerId } });
const placing = { actor: 'g1', correlationId: 'BK-2', contactStream: CONTACT };

describe("a booking's history, from the audit log", () => {
  it("takes of the contact stream only the guest's last verification before the placement", async () => {
    const readStore = await logOf([
      contact('OtpIssued', 'g1'), // 0: an earlier verification, for an earlier booking
      contact('ContactVerified', 'g1'), // 1
      contact('OtpIssued', 'g2'), // 2: another guest with the same contact
      contact('OtpIssued', 'g1'), // 3: the verification this booking was placed on
      contact('OtpAttemptFailed', 'g1'), // 4
      contact('OtpIssued', 'g1'), // 5
      contact('ContactVerified', 'g1'), // 6
      { streamId: 'inventory-r1', type: 'UnitsReserved', data: { bookingID: 'BK-2' }, metadata: placing }, // 7
      { streamId: 'booking-BK-2', type: 'BookingPlaced', data: { bookingID: 'BK-2', customerId: 'g1' }, metadata: placing }, // 8
      contact('OtpIssued', 'g1'), // 9: after the placement
      { streamId: 'booking-BK-2', type: 'InvoiceIssued', data: { bookingID: 'BK-2' }, metadata: { actor: 'system:booking-documents' } }, // 10
      { streamId: 'auditor-a1', type: 'AuditorReadRecorded', data: { auditorId: 'a1', what: 'booking-history', bookingID: 'BK-2' }, metadata: { actor: 'a1' } }, // 11
      { streamId: 'booking-BK-3', type: 'BookingPlaced', data: { bookingID: 'BK-3', customerId: 'g1' }, metadata: { ...placing, correlationId: 'BK-3' } }, // 12
    ]);
    const history = await bookingHistory(auditLogOf(readStore), 'BK-2');
    expect(history.map((document) => document._id)).to.deep.equal([3, 4, 5, 6, 7, 8, 10]);
  });

  it('has no contact events when the placing events name no contact stream, and nothing for an unknown booking', async () => {
    const readStore = await logOf([
      contact('OtpIssued', 'g1'),
      contact('ContactVerified', 'g1'),
      { streamId: 'booking-BK-2', type: 'BookingPlaced', data: { bookingID: 'BK-2', customerId: 'g1' }, metadata: { actor: 'g1', correlationId: 'BK-2' } },
    ]);
    expect((await bookingHistory(auditLogOf(readStore), 'BK-2')).map((document) => document._id)).to.deep.equal([2]);
    expect(await bookingHistory(auditLogOf(readStore), 'BK-9')).to.deep.equal([]);
  });
});
