/**
 * The auditors' calls (`{api_prefix}/audit/...`, route table entries `auditorLogin` and
 * `audit*`). Reads carry the auditor's token; the export is read with fetch so its NDJSON
 * body can be counted as it streams in.
 */
import {
  pathOf,
  routes,
  type AuditBookingAsOf,
  type AuditBookingHistory,
  type AuditBookingSummary,
  type AuditEntry,
  type AuditHotelSuggestion,
  type AuditPage,
  type AuditReadModelDocuments,
  type AuditReadModels,
  type BodyOf,
  type Envelope,
  type InclusionProof,
  type NotaryPublicKey,
  type QueryTextOf,
  type SessionUser,
  type SignedTreeHead,
} from '@stays/contracts';
import { config } from '../../../config/env.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { unauthorized } from '../../../lib/api-client-hooks.ts';
import { successful } from '../../../lib/envelope.ts';
import { tokenStorage } from '../../../lib/persist.ts';

export type AuditorCredentials = BodyOf<typeof routes.auditorLogin>;
/** Who signed in: the account fields the dashboard shows. */
export type Auditor = Pick<SessionUser, '_id' | 'name' | 'email'>;
export type BookingsQuery = QueryTextOf<typeof routes.auditBookings>;
export type LogQuery = QueryTextOf<typeof routes.auditLogRecords>;
export type DocumentsQuery = QueryTextOf<typeof routes.auditReadModelDocuments>;

export interface ExportProgress {
  readonly events: number;
  readonly bytes: number;
  /** How many events the export holds, when the server says so (`X-Total-Count`). */
  readonly total?: number;
}

export interface AuditApi {
  signIn(credentials: AuditorCredentials): Promise<{ data: { accessToken: string; user: Auditor }; message: string }>;
  /** Ends the auditor's session on the server (its token stops working). */
  signOut(): Promise<{ message: string }>;
  bookings(query: BookingsQuery, signal?: AbortSignal): Promise<AuditPage<AuditBookingSummary>>;
  /** Hotels whose name holds `name`, for the search's suggestions. */
  hotels(name: string, signal?: AbortSignal): Promise<readonly AuditHotelSuggestion[]>;
  history(bookingID: string, signal?: AbortSignal): Promise<AuditBookingHistory>;
  asOf(bookingID: string, asOf: string, signal?: AbortSignal): Promise<AuditBookingAsOf>;
  records(query: LogQuery, signal?: AbortSignal): Promise<AuditPage<AuditEntry>>;
  publicKey(): Promise<NotaryPublicKey>;
  treeHead(): Promise<SignedTreeHead>;
  inclusionProof(leafIndex: number, treeSize: number): Promise<InclusionProof>;
  /** Every read model's versions: state, position, lag behind the log's head, documents. */
  readModels(signal?: AbortSignal): Promise<AuditReadModels>;
  /** A page of one read model version's documents, filtered and sorted (each read recorded). */
  readModelDocuments(model: string, query: DocumentsQuery, signal?: AbortSignal): Promise<AuditReadModelDocuments>;
  /** The filtered log as NDJSON (one event a line), read to the end; `onProgress` after each piece that arrives. */
  exportLog(query: LogQuery, signal: AbortSignal, onProgress: (progress: ExportProgress) => void): Promise<ExportProgress & { readonly file: Blob }>;
  /** Hands a file to the browser's downloads. */
  saveFile(blob: Blob, fileName: string): void;
}

const bearer = (signal?: AbortSignal) => ({ signal, bearer: true });
/** Only the filled filters: an empty text is no filter. */
const filled = <Q extends Record<string, string | undefined>>(query: Q): Record<string, string> =>
  Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== ''));

/** What an HTTP failure of fetch is turned into, shaped like axios's so `errorText` reads it. */
async function failureOf(response: Response): Promise<Error> {
  const data: unknown = await response.json().catch(() => ({}));
  return Object.assign(new Error(`status ${response.status}`), { response: { status: response.status, data } });
}

const NEWLINE = 0x0a;

export const auditApi: AuditApi = {
  signIn: async (credentials) => successful(await apiClient.post<Envelope<{ accessToken: string; user: Auditor }>>(pathOf(routes.auditorLogin), credentials)),
  signOut: async () => successful(await apiClient.post<Envelope<unknown>>(pathOf(routes.auditorLogout), {})),
  bookings: async (query, signal) =>
    successful(await apiClient.get<Envelope<AuditPage<AuditBookingSummary>>>(pathOf(routes.auditBookings), { params: filled(query), ...bearer(signal) })).data,
  hotels: async (name, signal) =>
    successful(await apiClient.get<Envelope<{ items: AuditHotelSuggestion[] }>>(pathOf(routes.auditHotels), { params: { name }, ...bearer(signal) })).data
      .items,
  history: async (bookingID, signal) =>
    successful(await apiClient.get<Envelope<AuditBookingHistory>>(pathOf(routes.auditBookingHistory, { bookingID }), bearer(signal))).data,
  asOf: async (bookingID, asOf, signal) =>
    successful(await apiClient.get<Envelope<AuditBookingAsOf>>(pathOf(routes.auditBookingAsOf, { bookingID }), { params: { asOf }, ...bearer(signal) })).data,
  records: async (query, signal) =>
    successful(await apiClient.get<Envelope<AuditPage<AuditEntry>>>(pathOf(routes.auditLogRecords), { params: filled(query), ...bearer(signal) })).data,
  publicKey: async () => successful(await apiClient.get<Envelope<NotaryPublicKey>>(pathOf(routes.auditPublicKey), bearer())).data,
  treeHead: async () => successful(await apiClient.get<Envelope<SignedTreeHead>>(pathOf(routes.auditTreeHead), bearer())).data,
  inclusionProof: async (leafIndex, treeSize) =>
    successful(await apiClient.get<Envelope<InclusionProof>>(pathOf(routes.auditInclusionProof), { params: { leafIndex, treeSize }, ...bearer() })).data,
  readModels: async (signal) => successful(await apiClient.get<Envelope<AuditReadModels>>(pathOf(routes.auditReadModels), bearer(signal))).data,
  readModelDocuments: async (model, query, signal) =>
    successful(
      await apiClient.get<Envelope<AuditReadModelDocuments>>(pathOf(routes.auditReadModelDocuments, { name: model }), {
        params: filled(query),
        ...bearer(signal),
      }),
    ).data,

  exportLog: async (query, signal, onProgress) => {
    const token = tokenStorage.get();
    const response = await fetch(`${config.apiBaseUrl}${pathOf(routes.auditLogExport)}?${new URLSearchParams(filled(query))}`, {
      signal,
      headers: token === null ? {} : { Authorization: `Bearer ${token}` },
    });
    if (response.status === 401 && token !== null) unauthorized();
    if (!response.ok || response.body === null) throw await failureOf(response);
    const announced = Number.parseInt(response.headers.get('X-Total-Count') ?? '', 10);
    const total = Number.isSafeInteger(announced) && announced >= 0 ? { total: announced } : {};
    const reader = response.body.getReader();
    const pieces: Uint8Array<ArrayBuffer>[] = [];
    let events = 0;
    let bytes = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      pieces.push(read.value);
      bytes += read.value.length;
      for (let at = read.value.indexOf(NEWLINE); at !== -1; at = read.value.indexOf(NEWLINE, at + 1)) events += 1;
      onProgress({ events, bytes, ...total });
    }
    return { events, bytes, ...total, file: new Blob(pieces, { type: 'application/x-ndjson' }) };
  },

  saveFile: (blob, fileName) => {
    const url = URL.createObjectURL(blob);
    const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
    document.body.append(link);
    link.click();
    link.remove();
    // the download has taken the blob once the click's task ran
    setTimeout(() => URL.revokeObjectURL(url), 0);
  },
};
