import { auditMessages, type AuditEntry } from '@stays/contracts';
import { createSelector } from 'reselect';
import type { AuditState, VerdictState } from './audit.slice.ts';
import { describeEvent } from './describe-event.ts';
import { fieldsSet, indiaTime, type FieldValue } from './timeline.ts';

/** Any store state: before the dashboard's screens first render, it has no `audit` yet. */
interface WithAudit {
  readonly [slice: string]: unknown;
  readonly audit?: AuditState;
}

const CHECKING: VerdictState = { verified: 'checking' };

export const selectAuditLoaded = (state: WithAudit) => state.audit !== undefined;
export const selectAuditor = (state: WithAudit) => state.audit?.auditor ?? null;
export const selectAuditorSignIn = (state: WithAudit) => state.audit!.signIn;
export const selectAuditBookings = (state: WithAudit) => state.audit!.bookings;
export const selectHotelSuggestions = (state: WithAudit) => state.audit!.hotelSuggestions;
export const selectAuditHistory = (state: WithAudit) => state.audit!.history;
export const selectAsOf = (state: WithAudit) => state.audit!.asOf;
export const selectAuditLog = (state: WithAudit) => state.audit!.log;
export const selectExport = (state: WithAudit) => state.audit!.export;
export const selectReadModels = (state: WithAudit) => state.audit!.readModels;
export const selectReadModelDocuments = (state: WithAudit) => state.audit!.documents;
const selectVerdicts = (state: WithAudit) => state.audit!.verdicts;
/** The browser's verdict on a leaf ('checking' until it has one). */
export const selectVerdict = (state: WithAudit, leafIndex: number): VerdictState => selectVerdicts(state)[leafIndex] ?? CHECKING;

export interface TimelineRow {
  readonly leafIndex: number;
  readonly recordedAt: string;
  readonly time: string;
  readonly actor: string;
  readonly role: string;
  readonly streamId: string;
  readonly type: string;
  readonly happened: string;
  readonly fields: readonly FieldValue[];
  readonly verdict: VerdictState;
  /** The entry itself, for its stored and decrypted JSON. */
  readonly entry: AuditEntry;
}

/** The booking's history as the timeline shows it: India time, actor and role, a sentence, the fields set, the verdict. */
export const selectTimeline = createSelector([selectAuditHistory, selectVerdicts], (history, verdicts): TimelineRow[] =>
  (history.result ?? []).map((entry) => ({
    leafIndex: entry.leafIndex,
    recordedAt: entry.record.recordedAt,
    time: indiaTime(entry.record.recordedAt),
    actor: entry.actor.name,
    role: auditMessages.roles[entry.actor.role] ?? entry.actor.role,
    streamId: entry.record.streamId,
    type: entry.record.type,
    happened: describeEvent(entry.record.type, entry.data, entry.record.streamId),
    fields: fieldsSet(entry.data),
    verdict: verdicts[entry.leafIndex] ?? CHECKING,
    entry,
  })),
);

/** How many of the history's events verified, of how many. */
export const selectVerifiedCount = createSelector([selectTimeline], (rows) => ({
  verified: rows.filter((row) => row.verdict.verified === true).length,
  total: rows.length,
}));
