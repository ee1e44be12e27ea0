/**
 * The auditors' reads (`{api_prefix}/audit/...`, auditor tokens only, applied by the route
 * mounter): finding bookings, a booking's history and its state as of a moment, the log
 * browser and its NDJSON export. Each read of a booking or of personal data is recorded
 * (audit-trail.ts) before it is answered.
 *
 * The log browser pages in log order (oldest first), so a page keeps its content while
 * the log grows; the export streams the same filter in the same order, bounded to the
 * log as it was when the export began, whose size it announces in `X-Total-Count`.
 */
import { Readable } from 'node:stream';
import { messages, routes, streams, type AuditBookingHistory, type AuditHotelSuggestion, type AuditLogQuery, type AuditPage } from '@stays/contracts';
import type { LeafQuery } from '@stays/notary/queries';
import { NotFoundError, auditorAuthOf, respond } from '@stays/service-kit';
import type { QueryContext } from '../query-context.ts';
import { recordedFilters } from './audit-trail.ts';
import { bookingAsOf } from './booking-as-of.ts';
import { bookingHistory } from './booking-history.ts';
import { entryReader } from './entries.ts';
import { indiaDateOf, timeBound } from './time-bounds.ts';

const BOOKINGS_PAGE_SIZE = 20;
/** Enough suggestions to pick from while typing a hotel's name, few enough to read. */
const HOTEL_SUGGESTIONS = 10;
const RECORDS_PAGE_SIZE = 50;
/** Log documents an export reads at a time: enough to keep the stream busy, few enough to hold. */
const EXPORT_BATCH = 500;

function logFilter(query: Omit<AuditLogQuery, 'page'>): LeafQuery {
  return {
    ...(query.category !== undefined && { category: query.category }),
    ...(query.type !== undefined && { type: query.type }),
    // 'system' stands for every actor of the product's own (the reactors are 'system:{name}')
    ...(query.actor !== undefined && (query.actor === 'system' ? { productActors: true } : { actor: query.actor })),
    ...(query.from !== undefined && { recordedFrom: timeBound(query.from, 'start') }),
    ...(query.to !== undefined && { recordedTo: timeBound(query.to, 'end') }),
  };
}

export function mountAuditRoutes({ deps, readModels, notary: { auditLog }, mount }: QueryContext): void {
  const readerFor = () => entryReader(auditLog, readModels.accounts, deps.reveal);

  mount(routes.auditBookings, async (ctx) => {
    const { page, from, to, ...rest } = ctx.input.query;
    await deps.auditTrail.recordRead({ auditorId: auditorAuthOf(ctx).accountId, what: 'bookings', filters: recordedFilters(ctx.input.query) });
    const { items, total } = await readModels.bookings.auditSearch(
      {
        ...rest,
        ...(from !== undefined && { from: indiaDateOf(from) }),
        ...(to !== undefined && { to: indiaDateOf(to) }),
        now: new Date(),
      },
      page,
      BOOKINGS_PAGE_SIZE,
    );
    const answer: AuditPage<(typeof items)[number]> = { items, page, pageSize: BOOKINGS_PAGE_SIZE, total };
    ctx.set('Cache-Control', 'private, no-store');
    respond(ctx, 200, messages.server.bookingsFound, answer);
  });

  // Hotels' names and cities are public (every guest's search shows them): not a read of a booking or of personal data, so not recorded.
  mount(routes.auditHotels, async (ctx) => {
    const items: AuditHotelSuggestion[] = await readModels.hotels.hotelsNamed(ctx.input.query.name, HOTEL_SUGGESTIONS);
    ctx.set('Cache-Control', 'private, no-store');
    respond(ctx, 200, messages.server.hotelsFound, { items });
  });

  mount(routes.auditBookingHistory, async (ctx) => {
    const { bookingID } = ctx.input.params;
    await deps.auditTrail.recordRead({ auditorId: auditorAuthOf(ctx).accountId, what: 'booking-history', bookingID });
    const documents = await bookingHistory(auditLog, bookingID);
    if (documents.length === 0) throw new NotFoundError(messages.server.bookingNotFound);
    const reader = readerFor();
    const answer: AuditBookingHistory = { bookingID, entries: await Promise.all(documents.map((document) => reader.entryOf(document))) };
    ctx.set('Cache-Control', 'private, no-store');
    respond(ctx, 200, messages.server.auditHistoryFound, answer);
  });

  mount(routes.auditBookingAsOf, async (ctx) => {
    const { bookingID } = ctx.input.params;
    const asOf = ctx.input.query.asOf === undefined ? new Date().toISOString() : timeBound(ctx.input.query.asOf, 'end');
    await deps.auditTrail.recordRead({ auditorId: auditorAuthOf(ctx).accountId, what: 'booking-as-of', bookingID, filters: { asOf } });
    const events = await auditLog.find({ streamId: streams.booking(bookingID) });
    if (events.length === 0) throw new NotFoundError(messages.server.bookingNotFound);
    ctx.set('Cache-Control', 'private, no-store');
    respond(ctx, 200, messages.server.auditAsOfFound, await bookingAsOf(bookingID, events, asOf, deps.reveal));
  });

  mount(routes.auditLogRecords, async (ctx) => {
    const { page } = ctx.input.query;
    await deps.auditTrail.recordRead({ auditorId: auditorAuthOf(ctx).accountId, what: 'log-records', filters: recordedFilters(ctx.input.query) });
    const filter = logFilter(ctx.input.query);
    const [documents, total] = await Promise.all([
      auditLog.find(filter, { skip: (page - 1) * RECORDS_PAGE_SIZE, limit: RECORDS_PAGE_SIZE }),
      auditLog.count(filter),
    ]);
    const reader = readerFor();
    const items = await Promise.all(documents.map((document) => reader.entryOf(document)));
    ctx.set('Cache-Control', 'private, no-store');
    respond(ctx, 200, messages.server.auditRecordsFound, { items, page, pageSize: RECORDS_PAGE_SIZE, total });
  });

  mount(routes.auditLogExport, async (ctx) => {
    const { page: _page, ...query } = ctx.input.query;
    await deps.auditTrail.recordRead({ auditorId: auditorAuthOf(ctx).accountId, what: 'log-export', filters: recordedFilters(query) });
    const filter = logFilter(query);
    const newest = await auditLog.newestLeaf();
    const bounded = { ...filter, upToLeaf: newest };
    const total = await auditLog.count(bounded);
    const reader = readerFor();
    async function* lines(): AsyncGenerator<string> {
      let after = -1;
      for (;;) {
        const batch = await auditLog.find({ ...filter, afterLeaf: after, upToLeaf: newest }, { limit: EXPORT_BATCH });
        if (batch.length === 0) return;
        for (const document of batch) yield `${JSON.stringify(await reader.entryOf(document))}\n`;
        after = batch.at(-1)!._id;
      }
    }
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Total-Count', String(total));
    ctx.type = 'application/x-ndjson';
    // Readable.from pulls the next line only when the client has taken the last: a slow reader slows the export, memory stays flat
    ctx.body = Readable.from(lines());
  });
}
