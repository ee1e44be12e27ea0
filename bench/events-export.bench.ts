/**
 * `npm run events -- export` over an embedded log of 1,000,000 events (a mix of account,
 * booking and inventory events, ~300 bytes each), written to /dev/null: the whole log,
 * then one type (which parses every record to read its type). In process, so the figure
 * is the export's own, not tsx's start-up.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { writeEmbeddedLog, type RecordedEvent } from '@stays/event-store';
import { exportEmbedded, type ExportCounts } from '../scripts/events/export.ts';
import { parseExportFilter } from '../scripts/events/export-filter.ts';
import { atLeast, type Report } from './report.ts';

const EVENTS = 1_000_000;
const RUNS = 3;
const START = Date.UTC(2025, 0, 1);

function recordAt(position: number): RecordedEvent {
  const n = Math.floor(position / 10);
  const bookingID = `BK-${n.toString(36).padStart(8, '0')}`;
  const common = {
    id: `00000000-0000-4000-8000-${position.toString(16).padStart(12, '0')}`,
    position,
    metadata: { schemaVersion: 1, actor: `c-${n}` },
    recordedAt: new Date(START + position * 1000).toISOString(),
  };
  switch (position % 10) {
    case 0:
      return {
        ...common,
        streamId: `booking-${bookingID}`,
        type: 'BookingPlaced',
        revision: 0,
        data: {
          bookingID,
          customerId: `c-${n}`,
          customerName: 'enc:v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAA',
          customerEmail: 'enc:v1:BBBBBBBBBBBBBBBBBBBBBBBBBBBB',
          customerPhoneNumber: 'enc:v1:CCCCCCCCCCCCCCCC',
          hotelId: `h-${n % 500}`,
          ownerId: `o-${n % 500}`,
          hotelName: 'Hotel Sahyadri Residency',
          hotelAddress: '14 Jangli Maharaj Road',
          hotelCity: 'Pune',
          roomId: `r-${n % 2000}`,
          roomType: 'Room',
          roomStandard: 'Deluxe',
          numberOfRooms: 1,
          numberOfGuests: 2,
          numberOfNights: 2,
          dateOfBooking: '2026-11-22',
          dateOfCommencement: '2026-12-30',
          nights: ['2026-12-30', '2026-12-31'],
          units: 1,
          pricePerNight: 4500,
          totalAmount: 9000,
          discountAmount: 1800,
          payableAmount: 7200,
          paymentMethod: 'pay-at-hotel',
        },
      };
    case 1:
    case 2:
      return {
        ...common,
        streamId: `inventory-r-${n % 2000}`,
        type: 'UnitsReserved',
        revision: n,
        data: { bookingID, roomId: `r-${n % 2000}`, nights: ['2026-12-30', '2026-12-31'], units: 1 },
      };
    default:
      return {
        ...common,
        streamId: `customer-c-${n}`,
        type: 'AccountSignedIn',
        revision: position % 10,
        data: {
          accountId: `c-${n}`,
          role: 'customer',
          sessionId: `s-${position}`,
          method: 'password',
          expiresAt: '2030-01-01T00:00:00.000Z',
        },
      };
  }
}

async function* records(): AsyncIterable<RecordedEvent> {
  for (let position = 0; position < EVENTS; position++) yield recordAt(position);
}

async function timedExport(dataDir: string, args: string[]): Promise<{ seconds: number; cpuSeconds: number; counts: ExportCounts }> {
  const out = createWriteStream('/dev/null');
  const counts: ExportCounts = { scanned: 0, exported: 0 };
  const started = performance.now();
  const cpu = process.cpuUsage();
  await exportEmbedded(dataDir, parseExportFilter(args), out, counts, () => undefined);
  out.end();
  await once(out, 'finish');
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6, counts };
}

export default async function benchEventsExport(report: Report): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-events-export-'));
  try {
    await writeEmbeddedLog(path.join(dataDir, 'events'), records());
    for (const [figure, args, goal] of [
      ['export the whole log to /dev/null', [], atLeast(300_000)],
      ['export one type (--type BookingPlaced) to /dev/null', ['--type', 'BookingPlaced'], undefined],
    ] as const) {
      const rates: number[] = [];
      const cpuRates: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const { seconds, cpuSeconds, counts } = await timedExport(dataDir, [...args]);
        if (counts.scanned !== EVENTS) throw new Error(`scanned ${counts.scanned} of ${EVENTS} events`);
        rates.push(counts.scanned / seconds);
        cpuRates.push(counts.scanned / cpuSeconds);
      }
      rates.sort((a, b) => a - b);
      report(
        `${figure}, best of ${RUNS}`,
        rates.at(-1)!,
        `events/s read (${EVENTS.toLocaleString('en')}; worst ${Math.round(rates[0]!).toLocaleString('en')})`,
        goal,
      );
      // on a shared machine the wall clock measures the neighbours too; CPU time is the export's own cost
      report(`  the same per second of this process's CPU time, best of ${RUNS}`, Math.max(...cpuRates), 'events/CPU-s');
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
