/**
 * A booking's history as an auditor reads it, with 1,000,000 events in the log: latency
 * (p50, p99) of `GET audit/bookings/{id}/history` over HTTP, one request at a time, on the
 * embedded read store. The `audit_log` collection is filled in the notary's shape with its
 * indexes (the records it points to held in a map standing in for the log's readAt) (100,000 bookings of ten events each: the contact's code and verification, the
 * inventory units, the guest's hold, the booking, its invoice and email, and three events
 * of other streams); each request is the real route: token and session checks, the
 * auditor's read appended (fsynced) to an embedded log, the history assembled and revealed.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedEventStore } from '@stays/event-store';
import { createEmbeddedReadStore, type Document } from '@stays/read-store';
import { KeyedStreamNames, MediaLinks, STREAM_NAME_KEY_BYTES, TokenIssuer, TokenVerifier, createFileMediaStore, generateSigningKeys } from '@stays/service-kit';
import { ReadStoreTreeHeadStore } from '@stays/notary';
import { physicalCollection } from '@stays/projections';
import { accountCollections, accountsReadModel } from '@stays/projections/read-models';
import { createQueryApp, eventStoreAuditTrail } from '@stays/query-service';
import { atMost, percentile, type Report } from './report.ts';

/** An accounts collection's name in the version queries read when no registry exists yet (the definition's own). */
const accountsCollection = (name: string): string => physicalCollection(accountsReadModel.name, accountsReadModel.version, name);

const EVENTS = 1_000_000;
const EVENTS_PER_BOOKING = 10;
const GUESTS = 10_000;
const REQUESTS = 2_000;
const WARM_UP_REQUESTS = 200;
const TOKEN_SETTINGS = { issuer: 'stays', audience: 'stays-api', ttlSeconds: 3600 };

const record = (leafIndex: number, streamId: string, type: string, data: Record<string, unknown>, metadata: Record<string, unknown>) => ({
  id: `00000000-0000-4000-8000-${String(leafIndex).padStart(12, '0')}`,
  streamId,
  type,
  revision: 0,
  position: leafIndex + 1,
  data,
  metadata: { schemaVersion: 1, ...metadata },
  recordedAt: new Date(Date.UTC(2026, 0, 1) + leafIndex * 1000).toISOString(),
});

/** The records of the benchmark's log by position: what the notary's queries read records from (the leaves keep only positions). */
const records = new Map<number, ReturnType<typeof record>>();

function leaf(leafIndex: number, streamId: string, type: string, data: Record<string, unknown>, metadata: Record<string, unknown>): Document {
  const stored = record(leafIndex, streamId, type, data, metadata);
  records.set(stored.position, stored);
  const bookingID = (metadata.correlationId as string | undefined) ?? (data.bookingID as string | undefined);
  return {
    _id: leafIndex,
    position: stored.position,
    streamId,
    category: streamId.split('-')[0]!,
    type,
    actor: (metadata.actor as string | undefined) ?? 'system',
    ...(bookingID !== undefined && { bookingID }),
    recordedAt: stored.recordedAt,
  };
}

/** The leaves of booking `n`, from leaf `first`. */
function bookingLeaves(n: number, first: number): Document[] {
  const bookingID = `BK-${String(n).padStart(8, '0')}`;
  const customerId = `guest-${n % GUESTS}`;
  const contactStream = `contact-k${String(n).padStart(64, '0')}`;
  const guest = { actor: customerId };
  const placing = { actor: customerId, correlationId: bookingID, contactStream };
  const reactor = { actor: 'system:booking-documents' };
  const leaves = [
    leaf(
      first,
      contactStream,
      'OtpIssued',
      { customerId, salt: 'ab', codeHash: 'cd', issuedAt: '2026-01-01T00:00:00Z', expiresAt: '2026-01-01T00:10:00Z' },
      guest,
    ),
    leaf(first + 1, contactStream, 'ContactVerified', { customerId, verifiedUntil: '2026-01-01T00:30:00Z' }, guest),
    leaf(first + 2, `inventory-room-${n % 500}`, 'UnitsReserved', { bookingID, roomId: `room-${n % 500}`, nights: ['2026-02-01'], units: 1 }, placing),
    leaf(first + 3, `guest-${customerId}`, 'GuestBookingHeld', { customerId, bookingID, lastNight: '2026-02-01' }, placing),
    leaf(
      first + 4,
      `booking-${bookingID}`,
      'BookingPlaced',
      {
        bookingID,
        customerId,
        customerName: 'Asha Rao',
        customerEmail: 'asha@example.in',
        customerPhoneNumber: '9876543210',
        hotelId: `hotel-${n % 500}`,
        ownerId: `owner-${n % 500}`,
        hotelName: 'Sea Breeze Residency',
        hotelAddress: '12 Marine Drive, Churchgate',
        hotelCity: 'Mumbai',
        roomId: `room-${n % 500}`,
        roomType: 'Room',
        roomStandard: 'Deluxe',
        numberOfRooms: 1,
        numberOfGuests: 2,
        numberOfNights: 1,
        dateOfBooking: '2026-01-01',
        dateOfCommencement: '2026-02-01',
        nights: ['2026-02-01'],
        units: 1,
        pricePerNight: 3000,
        totalAmount: 6000,
        discountAmount: 1200,
        payableAmount: 4800,
        paymentMethod: 'pay-at-hotel',
      },
      placing,
    ),
    leaf(
      first + 5,
      `booking-${bookingID}`,
      'InvoiceIssued',
      { bookingID, invoicePDF: `/media/Invoice_${bookingID}.pdf`, mediaId: `Invoice_${bookingID}.pdf` },
      reactor,
    ),
    leaf(first + 6, `booking-${bookingID}`, 'BookingEmailSent', { bookingID, messageId: `<${bookingID}@stays>` }, reactor),
  ];
  for (let other = leaves.length; other < EVENTS_PER_BOOKING; other++) {
    leaves.push(
      leaf(
        first + other,
        `customer-${customerId}`,
        'AccountSignedIn',
        { accountId: customerId, role: 'customer', sessionId: `s-${first + other}`, method: 'password', expiresAt: '2026-01-01T08:00:00Z' },
        guest,
      ),
    );
  }
  return leaves;
}

export default async function benchAuditHistory(report: Report): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-audit-'));
  const readStore = createEmbeddedReadStore();
  const eventStore = await openEmbeddedEventStore(path.join(dir, 'events'));
  let server: http.Server | undefined;
  try {
    const auditLog = readStore.collection('audit_log');
    const notaryIndexes: Record<string, 1>[] = [{ bookingID: 1 }, { streamId: 1 }, { category: 1, type: 1 }, { actor: 1 }, { recordedAt: 1 }];
    for (const keys of notaryIndexes) await auditLog.createIndex(keys);
    const filled = performance.now();
    const bookings = EVENTS / EVENTS_PER_BOOKING;
    for (let n = 0; n < bookings; n++) {
      for (const document of bookingLeaves(n, n * EVENTS_PER_BOOKING)) await auditLog.insertOne(document);
    }
    const customers = readStore.collection(accountsCollection(accountCollections.customers));
    for (let g = 0; g < GUESTS; g++)
      await customers.insertOne({ _id: `guest-${g}`, role: 'customer', name: `Guest ${g}`, email: `guest${g}@example.in`, createdAt: '2026-01-01T00:00:00Z' });
    report('audit log: 1,000,000 leaves indexed in the embedded read store', (performance.now() - filled) / 1000, 's');

    const keys = await generateSigningKeys();
    const auditorId = 'bench-auditor';
    await readStore
      .collection(accountsCollection(accountCollections.sessions))
      .insertOne({ _id: 'bench-session', accountId: auditorId, role: 'auditor', open: true, expiresAt: '2999-01-01T00:00:00Z' });
    const { token } = await new TokenIssuer(keys.privateKey, TOKEN_SETTINGS).issue({ accountId: auditorId, role: 'auditor', sessionId: 'bench-session' });
    const app = createQueryApp(
      {
        readStore,
        media: createFileMediaStore({ dir: path.join(dir, 'media'), publicBaseUrl: '/api/media' }),
        mediaLinks: new MediaLinks({ publicUrl: 'http://localhost', apiPrefix: '/api' }),
        tokenVerifier: new TokenVerifier(keys.publicKey, TOKEN_SETTINGS),
        readSide: { health: async () => ({ healthy: true, projections: [] }), waitFor: async () => true, changedAt: async () => undefined },
        logHead: () => eventStore.headPosition(),
        reveal: async (stored) => stored.data,
        auditTrail: eventStoreAuditTrail(eventStore, new KeyedStreamNames(randomBytes(STREAM_NAME_KEY_BYTES))),
        treeHeads: new ReadStoreTreeHeadStore(readStore),
        notarisedLog: { readAt: async (positions) => positions.flatMap((position) => records.get(position) ?? []) },
      },
      { apiPrefix: '/api', security: { publicUrl: 'http://localhost', googleSignIn: false } },
    );
    server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/audit/bookings`;
    const history = async (n: number) => {
      const response = await fetch(`${base}/BK-${String(n).padStart(8, '0')}/history`, { headers: { Authorization: `Bearer ${token}` } });
      const body = (await response.json()) as { data?: { entries?: unknown[] } };
      if (response.status !== 200 || body.data?.entries?.length !== 7)
        throw new Error(`history of booking ${n}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
    };
    for (let i = 0; i < WARM_UP_REQUESTS; i++) await history((i * 7919) % bookings);
    const latencies: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      await history((i * 104_729) % bookings);
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    report('booking history over HTTP, 1,000,000 events in the log, p50', percentile(latencies, 50), 'ms');
    report('booking history over HTTP, 1,000,000 events in the log, p99', percentile(latencies, 99), 'ms', atMost(20));
  } finally {
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    await eventStore.close();
    await readStore.close();
    await rm(dir, { recursive: true, force: true });
  }
}
