/** An auditor signing in opens a session (the password was checked by the handler); the session's id and expiry come from its token. */
import { messages, type AuditorEvent } from '@stays/contracts';
import { activeAuditor, type AuditorState } from '../auditor.ts';

export interface SignInAuditor {
  readonly sessionId: string;
  readonly expiresAt: string;
}

export function signInAuditor(command: SignInAuditor, state: AuditorState): AuditorEvent[] {
  const auditor = activeAuditor(state, messages.server.invalidCredentials);
  return [{ type: 'AuditorSignedIn', data: { auditorId: auditor.auditorId, ...command } }];
}
