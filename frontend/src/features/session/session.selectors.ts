import { createSelector } from 'reselect';
import type { SessionForm, SessionState } from './session.slice.ts';

interface WithSession {
  readonly session: SessionState;
}

export const selectCurrentUser = (state: WithSession) => state.session.currentUser;
export const selectSessionLoading = (state: WithSession) => state.session.loading;
export const selectSelectedRoom = (state: WithSession) => state.session.selectedRoom;
export const selectDataExport = (state: WithSession) => state.session.dataExport;

/** The outcome a given form shows (green success or red error), or null. */
export const selectNoticeFor = (form: SessionForm) =>
  createSelector([(state: WithSession) => state.session.notice], (notice) => (notice?.form === form ? notice : null));

/** The person just signed out or deleted their account (not an expired session): nothing to come back to. */
export const selectLeftOnPurpose = (state: WithSession): boolean => state.session.notice?.form === 'signOut' || state.session.notice?.form === 'delete';
