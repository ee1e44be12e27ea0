/** An auditor signing out closes the token's session; a session already closed changes nothing. */
import type { AuditorEvent } from '@stays/contracts';
import type { AuditorState } from '../auditor.ts';

export function signOutAuditor(command: { readonly sessionId: string }, state: AuditorState): AuditorEvent[] {
  if (state.status !== 'active' || !state.openSessions.has(command.sessionId)) return [];
  return [{ type: 'AuditorSignedOut', data: { auditorId: state.auditorId, sessionId: command.sessionId } }];
}
