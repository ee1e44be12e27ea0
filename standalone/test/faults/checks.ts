/**
 * What the campaign holds the product to after each round, from the log file as stored,
 * the read side over HTTP and verify-log: nothing acknowledged lost, nothing refused
 * present, no night oversold, no units held without a booking once the reconciler's
 * window has passed, read models that agree with the log, one invoice and one of each
 * email per booking, and a log that matches its signed tree heads.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { readFile } from 'node:fs/promises';
import { ApiClient } from '../support/http-client.ts';
import type { SignedIn } from '../support/accounts.ts';
import { UNITS, type Exchange } from './workload.ts';

const VERIFY_LOG = path.resolve(import.meta.dirname, '../../../notary/src/verify-log-cli.ts');

export interface Findings {
  /** Writes answered 2xx. */
  readonly acknowledged: number;
  /** Acknowledged effects missing from the log or the read side. */
  readonly lost: number;
  /** Effects in the log that were refused (answered other than 2xx, with an answer). */
  readonly phantom: number;
  /** Nights of the room with more units reserved than it has. */
  readonly oversold: number;
  /** Bookings still holding units without being placed. */
  readonly orphans: number;
  /** Guests whose bookings on the read side differ from the log. */
  readonly mismatched: number;
  /** Placed bookings without exactly one invoice and one confirmation, or with a notice twice. */
  readonly duplicates: number;
  /** verify-log failed. */
  readonly unverified: number;
  readonly details: string[];
}

/** What the log says about bookings. */
interface LogFacts {
  readonly placed: Map<string, { customerId: string }>;
  readonly cancelled: Set<string>;
  readonly paid: Set<string>;
  readonly invoices: Map<string, number>;
  readonly confirmations: Map<string, number>;
  readonly notices: Map<string, number>;
  /** Units each booking id holds on the room now (reserved less released). */
  readonly holding: Map<string, number>;
  /** Units reserved on each night of the room. */
  readonly reservedOn: Map<string, number>;
}

export async function logFacts(dataDir: string): Promise<LogFacts> {
  const facts: LogFacts = {
    placed: new Map(),
    cancelled: new Set(),
    paid: new Set(),
    invoices: new Map(),
    confirmations: new Map(),
    notices: new Map(),
    holding: new Map(),
    reservedOn: new Map(),
  };
  const bump = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
  for (const { type, data } of await recordsOf(dataDir)) {
    const bookingID = data.bookingID as string;
    switch (type) {
      case 'BookingPlaced':
        facts.placed.set(bookingID, { customerId: data.customerId as string });
        break;
      case 'BookingCancelled':
        facts.cancelled.add(bookingID);
        break;
      case 'BookingPaymentReceived':
        facts.paid.add(bookingID);
        break;
      case 'BookingPaymentUndone':
        facts.paid.delete(bookingID);
        break;
      case 'InvoiceIssued':
        bump(facts.invoices, bookingID);
        break;
      case 'BookingEmailSent':
        bump(facts.confirmations, bookingID);
        break;
      case 'BookingNoticeSent':
        bump(facts.notices, `${bookingID} ${data.notice as string}`);
        break;
      case 'UnitsReserved':
      case 'UnitsReleased': {
        const sign = type === 'UnitsReserved' ? 1 : -1;
        const units = data.units as number;
        bump(facts.holding, bookingID, sign * units * (data.nights as string[]).length);
        for (const night of data.nights as string[]) bump(facts.reservedOn, night, sign * units);
        break;
      }
    }
  }
  return facts;
}

/** The log file's complete records (a record being written at the end is left out). */
async function recordsOf(dataDir: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
  const bytes = await readFile(path.join(dataDir, 'events', 'events.log'));
  const records: { type: string; data: Record<string, unknown> }[] = [];
  for (let offset = 0; offset + 12 <= bytes.length;) {
    const end = offset + 12 + bytes.readUInt32BE(offset + 4);
    if (end > bytes.length) break;
    records.push(JSON.parse(bytes.toString('utf8', offset + 12, end)));
    offset = end;
  }
  return records;
}

/** Units still held by booking ids that were never placed. */
export function orphansOf(facts: LogFacts): string[] {
  return [...facts.holding].filter(([bookingID, units]) => units > 0 && !facts.placed.has(bookingID)).map(([bookingID]) => bookingID);
}

/** Placed bookings the reactors have not finished with yet. */
export function documentsPending(facts: LogFacts): number {
  // a booking cancelled before its confirmation went out gets none (booking-documents.ts)
  return [...facts.placed.keys()].filter(
    (bookingID) => !facts.invoices.has(bookingID) || (!facts.cancelled.has(bookingID) && !facts.confirmations.has(bookingID)),
  ).length;
}

export async function check(dataDir: string, baseUrl: string, exchanges: readonly Exchange[], guests: readonly SignedIn[]): Promise<Findings> {
  const facts = await logFacts(dataDir);
  const details: string[] = [];
  const note = (line: string) => details.length < 20 && details.push(line);
  const acknowledged = exchanges.filter((exchange) => exchange.status >= 200 && exchange.status < 300);

  let lost = 0;
  for (const { op, bookingID, status } of acknowledged) {
    const present = op === 'book' ? facts.placed.has(bookingID!) : op === 'cancel' ? facts.cancelled.has(bookingID!) : true;
    if (!present) {
      lost++;
      note(`acknowledged ${op} ${bookingID} (${status}) is not in the log`);
    }
  }

  // Only the workload cancels; a booking answered 201 or not at all may be placed, one refused with an answer may not.
  const mayBePlaced = exchanges.filter((exchange) => exchange.op === 'book' && (exchange.status === 201 || exchange.status === 0)).length;
  let phantom = Math.max(0, facts.placed.size - mayBePlaced);
  if (phantom > 0) note(`${facts.placed.size} bookings placed in the log, at most ${mayBePlaced} could be`);
  for (const bookingID of facts.cancelled) {
    const asked = exchanges.some(
      (exchange) => exchange.op === 'cancel' && exchange.bookingID === bookingID && (exchange.status === 200 || exchange.status === 0),
    );
    if (!asked) {
      phantom++;
      note(`booking ${bookingID} is cancelled though no cancellation of it was accepted`);
    }
  }

  const oversoldNights = [...facts.reservedOn].filter(([, units]) => units > UNITS);
  for (const [night, units] of oversoldNights) note(`night ${night}: ${units} units reserved of ${UNITS}`);
  const orphans = orphansOf(facts);
  for (const bookingID of orphans) note(`${bookingID} holds units without a booking`);

  let duplicates = 0;
  for (const bookingID of facts.placed.keys()) {
    const invoices = facts.invoices.get(bookingID) ?? 0;
    const confirmations = facts.confirmations.get(bookingID) ?? 0;
    // a cancellation that cost something issues the invoice again; one cancelled before its confirmation went out gets none
    const once = facts.cancelled.has(bookingID) ? invoices >= 1 && invoices <= 2 && confirmations <= 1 : invoices === 1 && confirmations === 1;
    if (!once) {
      duplicates++;
      note(`booking ${bookingID}: ${invoices} invoices, ${confirmations} confirmations`);
    }
  }
  for (const [notice, count] of facts.notices) {
    if (count > 1) {
      duplicates++;
      note(`notice ${notice} sent ${count} times`);
    }
  }

  const mismatched = await readSideMismatches(baseUrl, guests, facts, note);
  const verified = await verifyLog(dataDir);
  if (!verified.ok) note(`verify-log: ${verified.output.trim().split('\n').slice(0, 3).join(' | ')}`);

  return {
    acknowledged: acknowledged.length,
    lost,
    phantom,
    oversold: oversoldNights.length,
    orphans: orphans.length,
    mismatched,
    duplicates,
    unverified: verified.ok ? 0 : 1,
    details,
  };
}

/** Each guest's bookings on the read side against the log's: the same bookings, cancelled alike. */
async function readSideMismatches(baseUrl: string, guests: readonly SignedIn[], facts: LogFacts, note: (line: string) => void): Promise<number> {
  const api = new ApiClient(baseUrl);
  let mismatched = 0;
  for (const guest of guests) {
    const answer = await readTwice(() => api.get(`/user/get/all/bookings/${guest.id}`, { token: guest.token }));
    if (answer instanceof Error) {
      mismatched++;
      note(`guest ${guest.id}: the read side did not answer (${answer.message})`);
      continue;
    }
    const seen = new Map((answer.body.data as { bookingID: string; status: string }[]).map((booking) => [booking.bookingID, booking.status === 'cancelled']));
    const expected = new Map(
      [...facts.placed].filter(([, placed]) => placed.customerId === guest.id).map(([bookingID]) => [bookingID, facts.cancelled.has(bookingID)]),
    );
    const same = seen.size === expected.size && [...expected].every(([bookingID, cancelled]) => seen.get(bookingID) === cancelled);
    if (!same) {
      mismatched++;
      note(`guest ${guest.id}: the read side shows ${seen.size} bookings, the log ${expected.size}`);
    }
  }
  return mismatched;
}

/**
 * A read that met a closed connection is asked once more: a pooled keep-alive connection may be
 * closed by the server as it is reused, a transport race the product's answer does not depend on.
 */
async function readTwice<T>(read: () => Promise<T>): Promise<T | Error> {
  try {
    return await read();
  } catch {
    await sleep(200);
    return read().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  }
}

export async function verifyLog(dataDir: string): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', VERIFY_LOG], { env: { ...process.env, DATA_DIR: dataDir } });
    return { ok: true, output: stdout };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? failed.message}` };
  }
}
