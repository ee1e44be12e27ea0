/**
 * `npm run events -- export`: the stored records as NDJSON on stdout, one per line, exactly
 * as the auditors' API shows a record (`AuditRecord`: id, streamId, type, revision,
 * position, data, metadata, recordedAt, with personal fields as stored, i.e. encrypted),
 * with progress on stderr. Embedded: reads DATA_DIR's log read-only, beside a running
 * `npm start` or without one; with EVENTSTORE_URL, EventStoreDB's `$all`. It stops at the
 * head it reaches; it does not follow the log.
 */
import path from 'node:path';
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { canonicalRecord, connectEventStoreDB, EmbeddedLogReader, type EventStore, type LogRecord, type RecordedEvent } from '@stays/event-store';
import { ConfigError, loadConfig } from '@stays/service-kit';
import { keeps, parseExportFilter, positionRange, prefilterOf, readsRecords, type ExportFilter } from './export-filter.ts';
import { Progress, perSecond } from './progress.ts';

const ESDB_PAGE = 5000;
const EMBEDDED_READ_BYTES = 8 * 1024 * 1024;
const NEWLINE = 0x0a;

export interface ExportCounts {
  scanned: number;
  exported: number;
}

/** Writes a batch of lines, waiting while the reader of stdout is behind. */
async function writeLines(out: Writable, lines: Buffer): Promise<void> {
  if (lines.length === 0) return;
  if (!out.write(lines)) await once(out, 'drain');
}

/** The records' stored JSON, one per line, in one buffer: one copy of each, no intermediate list. */
function ndjsonOf(records: readonly LogRecord[]): Buffer {
  let length = 0;
  for (const record of records) length += record.payload.length + 1;
  const lines = Buffer.allocUnsafe(length);
  let at = 0;
  for (const record of records) {
    at += record.payload.copy(lines, at);
    lines[at++] = NEWLINE;
  }
  return lines;
}

/** The embedded log's records, matched on their stored bytes (parsed only when a filter needs more than the position). */
export async function exportEmbedded(dataDir: string, filter: ExportFilter, out: Writable, counts: ExportCounts, progress: () => void): Promise<void> {
  const dir = path.join(dataDir, 'events');
  const reader = await EmbeddedLogReader.open(dir).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? new ConfigError(`no event log in ${dir}: set DATA_DIR to the directory npm start uses, or EVENTSTORE_URL`) : error;
  });
  const { first, last } = positionRange(filter);
  const parse = readsRecords(filter);
  const mayKeep = prefilterOf(filter);
  try {
    for (;;) {
      const records = await reader.readRecords(EMBEDDED_READ_BYTES);
      if (records.length === 0) return;
      const kept: LogRecord[] = [];
      for (const record of records) {
        if (record.position > last) break;
        counts.scanned++;
        if (record.position < first) continue;
        if (parse && !(mayKeep(record.payload) && keeps(filter, JSON.parse(record.payload.toString('utf8')) as RecordedEvent))) continue;
        kept.push(record);
      }
      counts.exported += kept.length;
      await writeLines(out, ndjsonOf(kept));
      progress();
      if (records.at(-1)!.position >= last) return;
    }
  } finally {
    await reader.close();
  }
}

/** A record as its RFC 8785 text: the line the embedded log's export writes for it (its stored bytes). */
const recordLine = (event: RecordedEvent): string => `${canonicalRecord(event)}\n`;

/** Any event store's `$all` (EventStoreDB's positions are commit positions, not counts). */
export async function exportFromStore(store: EventStore, filter: ExportFilter, out: Writable, counts: ExportCounts, progress: () => void): Promise<void> {
  const { first, last } = positionRange(filter);
  let after = first > 0 ? first - 1 : undefined;
  for (;;) {
    const page = await store.readAll({ ...(after !== undefined && { after }), maxCount: ESDB_PAGE });
    let lines = '';
    for (const event of page) {
      if (event.position > last) break;
      counts.scanned++;
      if (!keeps(filter, event)) continue;
      lines += recordLine(event);
      counts.exported++;
    }
    await writeLines(out, Buffer.from(lines));
    progress();
    if (page.length < ESDB_PAGE || page.at(-1)!.position >= last) return;
    after = page.at(-1)!.position;
  }
}

export async function exportCommand(args: readonly string[]): Promise<void> {
  const filter = parseExportFilter(args);
  const config = loadConfig();
  const counts: ExportCounts = { scanned: 0, exported: 0 };
  const progress = new Progress(
    process.stderr,
    (seconds) =>
      `events export: ${counts.exported.toLocaleString('en')} events written of ${counts.scanned.toLocaleString('en')} read, ` +
      `${perSecond(counts.scanned, seconds).toLocaleString('en')} events/s, ${seconds.toFixed(1)} s`,
  );
  // a reader that stops early (`| head`) is not an error
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  if (config.eventStoreUrl) {
    const store = connectEventStoreDB(config.eventStoreUrl);
    try {
      await exportFromStore(store, filter, process.stdout, counts, () => progress.update());
    } finally {
      await store.close();
    }
  } else {
    await exportEmbedded(config.dataDir, filter, process.stdout, counts, () => progress.update());
  }
  progress.finish();
}
