import { createSelector } from 'reselect';
import type { SessionForm, SessionState } from './session.slice.ts';

interface WithSession {
  readonly session: SessionState;
}

export const selectSession = (state: WithSession) => state.session;
export const selectCurrentUser = (state: WithSession) => state.session.currentUser;
export const selectSessionLoading = (state: WithSession) => state.session.loading;
export const selectSelectedRoom = (state: WithSession) => state.session.selectedRoom;
export const selectRole = createSelector([selectCurrentUser], (user) => user?.role ?? null);
export const selectIsOwner = createSelector([selectRole], (role) => role === 'hotel-owner');
export const selectIsCustomer = createSelector([selectRole], (role) => role === 'customer');

/** The outcome a given form shows (green success or red error), or null. */
export const selectNoticeFor = (form: SessionForm) =>
  createSelector([(state: WithSession) => state.session.notice], (notice) => (notice?.form === form ? notice : null));
