/**
 * What `npm run events -- export` selects: its command line read into a filter over stored
 * records. Bounds are inclusive; a number is a log position, anything else an ISO 8601
 * time compared with the record's `recordedAt` (a bare date is midnight UTC).
 */
import { parseArgs } from 'node:util';
import { eventSchemas, isDomainEventType } from '@stays/contracts';
import { ConfigError } from '@stays/service-kit';

export type Bound = { readonly position: number } | { readonly time: number };

export interface ExportFilter {
  readonly from?: Bound;
  readonly to?: Bound;
  /** Event types to keep; empty keeps all. */
  readonly types: ReadonlySet<string>;
  /** Stream names to keep; empty (with no categories) keeps all. */
  readonly streams: ReadonlySet<string>;
  /** Stream categories to keep (`booking` keeps `booking-…`). */
  readonly categories: ReadonlySet<string>;
}

export const EXPORT_USAGE =
  'usage: npm run events -- export [--from <position|ISO time>] [--to <position|ISO time>] [--type <EventType>]… [--stream <stream or category>]…';

function boundOf(option: string, text: string | undefined): Bound | undefined {
  if (text === undefined) return undefined;
  if (/^\d+$/.test(text)) return { position: Number(text) };
  const time = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(time))
    throw new ConfigError(`--${option} ${text}: give a log position (0, 1, …) or an ISO 8601 time\n${EXPORT_USAGE}`);
  return { time };
}

const listOf = (values: readonly string[] | undefined): string[] =>
  (values ?? [])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);

export function parseExportFilter(args: readonly string[]): ExportFilter {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { from: { type: 'string' }, to: { type: 'string' }, type: { type: 'string', multiple: true }, stream: { type: 'string', multiple: true } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\n${EXPORT_USAGE}`);
  }
  const types = listOf(values.type);
  const unknown = types.filter((type) => !isDomainEventType(type));
  if (unknown.length > 0) throw new ConfigError(`--type ${unknown.join(', ')}: not an event type; the types are ${Object.keys(eventSchemas).join(', ')}`);
  const streams = listOf(values.stream);
  return {
    ...(values.from !== undefined && { from: boundOf('from', values.from) }),
    ...(values.to !== undefined && { to: boundOf('to', values.to) }),
    types: new Set(types),
    // stream names are `category-id`: a name without a dash is a category
    streams: new Set(streams.filter((stream) => stream.includes('-'))),
    categories: new Set(streams.filter((stream) => !stream.includes('-'))),
  };
}

/** The first position the filter can keep, and the last (scanning may stop after it). */
export const positionRange = (filter: ExportFilter): { readonly first: number; readonly last: number } => ({
  first: filter.from !== undefined && 'position' in filter.from ? filter.from.position : 0,
  last: filter.to !== undefined && 'position' in filter.to ? filter.to.position : Infinity,
});

/** True when the filter looks at more of a record than its position. */
export const readsRecords = (filter: ExportFilter): boolean =>
  filter.types.size > 0 ||
  filter.streams.size > 0 ||
  filter.categories.size > 0 ||
  (filter.from !== undefined && 'time' in filter.from) ||
  (filter.to !== undefined && 'time' in filter.to);

/** Whether a record within the position range is kept. */
export function keeps(filter: ExportFilter, record: { readonly type: string; readonly streamId: string; readonly recordedAt: string }): boolean {
  if (filter.types.size > 0 && !filter.types.has(record.type)) return false;
  if (filter.streams.size > 0 || filter.categories.size > 0) {
    const dash = record.streamId.indexOf('-');
    const category = dash === -1 ? record.streamId : record.streamId.slice(0, dash);
    if (!filter.streams.has(record.streamId) && !filter.categories.has(category)) return false;
  }
  if ((filter.from !== undefined && 'time' in filter.from) || (filter.to !== undefined && 'time' in filter.to)) {
    const time = Date.parse(record.recordedAt);
    if (filter.from !== undefined && 'time' in filter.from && time < filter.from.time) return false;
    if (filter.to !== undefined && 'time' in filter.to && time > filter.to.time) return false;
  }
  return true;
}

/**
 * A cheap first test on a record's stored JSON, before parsing it: the record's fields are
 * stored without whitespace as `"type":"…"` and `"streamId":"…"` (RFC 8785 text, or the
 * log's former format, both written by JSON.stringify's rules), so a record the filter
 * keeps contains one of the wanted types' and one of the wanted streams' texts. Data may
 * contain such text too, so a record that passes is still parsed and checked by `keeps`.
 */
export function prefilterOf(filter: ExportFilter): (payload: Buffer) => boolean {
  const needles = (texts: readonly string[]) => texts.map((text) => Buffer.from(text));
  const types = needles([...filter.types].map((type) => `"type":${JSON.stringify(type)}`));
  const streams = needles([
    ...[...filter.streams].map((stream) => `"streamId":${JSON.stringify(stream)}`),
    ...[...filter.categories].map((category) => `"streamId":${JSON.stringify(`${category}-`).slice(0, -1)}`),
  ]);
  const containsOne = (payload: Buffer, wanted: readonly Buffer[]) => wanted.length === 0 || wanted.some((needle) => payload.includes(needle));
  return (payload) => containsOne(payload, types) && containsOne(payload, streams);
}
