/**
 * The auditors' dashboard: who is signed in as auditor, the booking search, one booking's
 * history with a verdict per event (checked in the browser), the booking as of a moment,
 * the log browser and the export's progress, the read models' versions. Loaded with the audit screens only: the store
 * takes this reducer when they first render.
 */
import type {
  AuditBookingAsOf,
  AuditBookingSummary,
  AuditEntry,
  AuditHotelSuggestion,
  AuditPage,
  AuditReadModelDocuments,
  AuditReadModels,
} from '@stays/contracts';
import type { LoadStatus } from '../../lib/models.ts';
import type { Auditor, BookingsQuery, DocumentsQuery, ExportProgress, LogQuery } from './api/audit-api.ts';
import type { Verdict } from './verify.ts';

/** An event's check: running, done, or not possible because a proof or head could not be fetched. */
export type VerdictState = { readonly verified: 'checking' } | Verdict | { readonly verified: false; readonly reason: 'unavailable' };

export interface Loadable<T> {
  readonly status: LoadStatus;
  readonly error: string | null;
  readonly result: T | null;
}

export type ExportState =
  | { readonly status: 'idle' }
  | { readonly status: 'running'; readonly events: number; readonly bytes: number; readonly total?: number }
  | { readonly status: 'done'; readonly events: number; readonly fileName: string }
  | { readonly status: 'stopped' }
  | { readonly status: 'failed'; readonly error: string };

export interface AuditState {
  readonly auditor: Auditor | null;
  readonly signIn: { readonly loading: boolean; readonly error: string | null; readonly message: string | null };
  readonly bookings: Loadable<AuditPage<AuditBookingSummary>> & { readonly query: BookingsQuery };
  /** Hotels suggested for the name being typed in the search (none until two letters are typed). */
  readonly hotelSuggestions: { readonly name: string; readonly items: readonly AuditHotelSuggestion[] };
  readonly history: Loadable<readonly AuditEntry[]> & { readonly bookingID: string | null };
  /** By leaf index. */
  readonly verdicts: Readonly<Record<number, VerdictState>>;
  readonly asOf: Loadable<AuditBookingAsOf> & { readonly at: string | null };
  readonly log: Loadable<AuditPage<AuditEntry>> & { readonly query: LogQuery };
  readonly export: ExportState;
  readonly readModels: Loadable<AuditReadModels>;
  /** The documents browser of one read model version (closed: no model). */
  readonly documents: Loadable<AuditReadModelDocuments> & { readonly model: string | null; readonly query: DocumentsQuery };
}

const idle = { status: 'idle', error: null, result: null } as const;
const loading = { status: 'loading', error: null } as const;

export const initialAuditState = (auditor: Auditor | null = null): AuditState => ({
  auditor,
  signIn: { loading: false, error: null, message: null },
  bookings: { ...idle, query: {} },
  hotelSuggestions: { name: '', items: [] },
  history: { ...idle, bookingID: null },
  verdicts: {},
  asOf: { ...idle, at: null },
  log: { ...idle, query: {} },
  export: { status: 'idle' },
  readModels: idle,
  documents: { ...idle, model: null, query: {} },
});

export const auditActions = {
  signInRequested: (payload: { email: string; password: string }) => ({ type: 'audit/signInRequested' as const, payload }),
  signedIn: (payload: { auditor: Auditor; message: string }) => ({ type: 'audit/signedIn' as const, payload }),
  signInFailed: (payload: { message: string }) => ({ type: 'audit/signInFailed' as const, payload }),
  signOutRequested: () => ({ type: 'audit/signOutRequested' as const }),
  signedOut: () => ({ type: 'audit/signedOut' as const }),
  bookingsRequested: (payload: { query: BookingsQuery }) => ({ type: 'audit/bookingsRequested' as const, payload }),
  bookingsLoaded: (payload: { page: AuditPage<AuditBookingSummary> }) => ({ type: 'audit/bookingsLoaded' as const, payload }),
  bookingsFailed: (payload: { message: string }) => ({ type: 'audit/bookingsFailed' as const, payload }),
  hotelSuggestionsRequested: (payload: { name: string }) => ({ type: 'audit/hotelSuggestionsRequested' as const, payload }),
  hotelSuggestionsLoaded: (payload: { name: string; items: readonly AuditHotelSuggestion[] }) => ({ type: 'audit/hotelSuggestionsLoaded' as const, payload }),
  historyRequested: (payload: { bookingID: string }) => ({ type: 'audit/historyRequested' as const, payload }),
  historyLoaded: (payload: { bookingID: string; entries: readonly AuditEntry[] }) => ({ type: 'audit/historyLoaded' as const, payload }),
  historyFailed: (payload: { message: string }) => ({ type: 'audit/historyFailed' as const, payload }),
  /** Check every event of the loaded history again against the latest signed head. */
  verifyRequested: () => ({ type: 'audit/verifyRequested' as const }),
  verdictsChecking: (payload: { leafIndexes: readonly number[] }) => ({ type: 'audit/verdictsChecking' as const, payload }),
  verdictFound: (payload: { leafIndex: number; verdict: VerdictState }) => ({ type: 'audit/verdictFound' as const, payload }),
  asOfRequested: (payload: { bookingID: string; at: string }) => ({ type: 'audit/asOfRequested' as const, payload }),
  asOfLoaded: (payload: { result: AuditBookingAsOf }) => ({ type: 'audit/asOfLoaded' as const, payload }),
  asOfFailed: (payload: { message: string }) => ({ type: 'audit/asOfFailed' as const, payload }),
  logRequested: (payload: { query: LogQuery }) => ({ type: 'audit/logRequested' as const, payload }),
  logLoaded: (payload: { page: AuditPage<AuditEntry> }) => ({ type: 'audit/logLoaded' as const, payload }),
  logFailed: (payload: { message: string }) => ({ type: 'audit/logFailed' as const, payload }),
  exportRequested: (payload: { query: LogQuery; fileName: string }) => ({ type: 'audit/exportRequested' as const, payload }),
  exportProgressed: (payload: ExportProgress) => ({ type: 'audit/exportProgressed' as const, payload }),
  exported: (payload: { events: number; fileName: string }) => ({ type: 'audit/exported' as const, payload }),
  exportStopRequested: () => ({ type: 'audit/exportStopRequested' as const }),
  exportStopped: () => ({ type: 'audit/exportStopped' as const }),
  exportFailed: (payload: { message: string }) => ({ type: 'audit/exportFailed' as const, payload }),
  readModelsRequested: () => ({ type: 'audit/readModelsRequested' as const }),
  readModelsLoaded: (payload: { result: AuditReadModels }) => ({ type: 'audit/readModelsLoaded' as const, payload }),
  readModelsFailed: (payload: { message: string }) => ({ type: 'audit/readModelsFailed' as const, payload }),
  documentsRequested: (payload: { model: string; query: DocumentsQuery }) => ({ type: 'audit/documentsRequested' as const, payload }),
  documentsLoaded: (payload: { result: AuditReadModelDocuments }) => ({ type: 'audit/documentsLoaded' as const, payload }),
  documentsFailed: (payload: { message: string }) => ({ type: 'audit/documentsFailed' as const, payload }),
  documentsClosed: () => ({ type: 'audit/documentsClosed' as const }),
};

export type AuditAction = ReturnType<(typeof auditActions)[keyof typeof auditActions]>;

/** Session events (by type, features do not import each other): a guest's or owner's sign-in, or a 401, ends the auditor's session. */
type SessionEnded = { readonly type: 'session/signedIn' | 'session/expired' };

export function auditReducer(state: AuditState = initialAuditState(), action: { type: string }): AuditState {
  const a = action as AuditAction | SessionEnded;
  switch (a.type) {
    case 'audit/signInRequested':
      return { ...state, signIn: { loading: true, error: null, message: null } };
    case 'audit/signedIn':
      return { ...initialAuditState(a.payload.auditor), signIn: { loading: false, error: null, message: a.payload.message } };
    case 'audit/signInFailed':
      return { ...state, signIn: { loading: false, error: a.payload.message, message: null } };
    case 'audit/signedOut':
    case 'session/signedIn':
    case 'session/expired':
      return initialAuditState();
    case 'audit/bookingsRequested':
      return { ...state, bookings: { ...state.bookings, ...loading, query: a.payload.query } };
    case 'audit/bookingsLoaded':
      return { ...state, bookings: { ...state.bookings, status: 'succeeded', error: null, result: a.payload.page } };
    case 'audit/bookingsFailed':
      return { ...state, bookings: { ...state.bookings, status: 'failed', error: a.payload.message, result: null } };
    case 'audit/hotelSuggestionsRequested':
      return { ...state, hotelSuggestions: { name: a.payload.name, items: a.payload.name.trim().length < 2 ? [] : state.hotelSuggestions.items } };
    case 'audit/hotelSuggestionsLoaded':
      // an answer for a name no longer typed is dropped
      return a.payload.name === state.hotelSuggestions.name ? { ...state, hotelSuggestions: a.payload } : state;
    case 'audit/historyRequested':
      return { ...state, history: { ...loading, result: null, bookingID: a.payload.bookingID }, asOf: initialAuditState().asOf };
    case 'audit/historyLoaded':
      return a.payload.bookingID === state.history.bookingID
        ? { ...state, history: { ...state.history, status: 'succeeded', error: null, result: a.payload.entries } }
        : state;
    case 'audit/historyFailed':
      return { ...state, history: { ...state.history, status: 'failed', error: a.payload.message, result: null } };
    case 'audit/verdictsChecking':
      // by leaf: the timeline and the log browser may show the same event, and check it each against the latest head
      return {
        ...state,
        verdicts: { ...state.verdicts, ...Object.fromEntries(a.payload.leafIndexes.map((leafIndex) => [leafIndex, { verified: 'checking' }])) },
      };
    case 'audit/verdictFound':
      return { ...state, verdicts: { ...state.verdicts, [a.payload.leafIndex]: a.payload.verdict } };
    case 'audit/asOfRequested':
      return { ...state, asOf: { ...state.asOf, ...loading, at: a.payload.at } };
    case 'audit/asOfLoaded':
      return { ...state, asOf: { ...state.asOf, status: 'succeeded', error: null, result: a.payload.result } };
    case 'audit/asOfFailed':
      return { ...state, asOf: { ...state.asOf, status: 'failed', error: a.payload.message, result: null } };
    case 'audit/logRequested':
      return { ...state, log: { ...state.log, ...loading, query: a.payload.query } };
    case 'audit/logLoaded':
      return { ...state, log: { ...state.log, status: 'succeeded', error: null, result: a.payload.page } };
    case 'audit/logFailed':
      return { ...state, log: { ...state.log, status: 'failed', error: a.payload.message, result: null } };
    case 'audit/exportRequested':
      return { ...state, export: { status: 'running', events: 0, bytes: 0 } };
    case 'audit/exportProgressed':
      return state.export.status === 'running' ? { ...state, export: { status: 'running', ...a.payload } } : state;
    case 'audit/exported':
      return { ...state, export: { status: 'done', ...a.payload } };
    case 'audit/exportStopped':
      return { ...state, export: { status: 'stopped' } };
    case 'audit/exportFailed':
      return { ...state, export: { status: 'failed', error: a.payload.message } };
    case 'audit/readModelsRequested':
      return { ...state, readModels: { ...state.readModels, ...loading } };
    case 'audit/readModelsLoaded':
      return { ...state, readModels: { status: 'succeeded', error: null, result: a.payload.result } };
    case 'audit/readModelsFailed':
      return { ...state, readModels: { status: 'failed', error: a.payload.message, result: null } };
    case 'audit/documentsRequested': {
      // another model's browser starts empty; the same model's keeps its page while the next loads
      const same = state.documents.model === a.payload.model;
      return { ...state, documents: { ...(same ? state.documents : idle), ...loading, model: a.payload.model, query: a.payload.query } };
    }
    case 'audit/documentsLoaded':
      return { ...state, documents: { ...state.documents, status: 'succeeded', error: null, result: a.payload.result } };
    case 'audit/documentsFailed':
      return { ...state, documents: { ...state.documents, status: 'failed', error: a.payload.message } };
    case 'audit/documentsClosed':
      return { ...state, documents: initialAuditState().documents };
    default:
      return state;
  }
}
