/**
 * The auditor aggregate (streams `auditor-{id}`): state and evolve. An auditor account has
 * no profile to change and cannot be deleted through the API; it only signs in and out.
 * Its recorded reads (AuditorReadRecorded) change nothing an auditor may do.
 */
import { auditorEventTypes, messages, type AuditorEvent, type SessionUser } from '@stays/contracts';
import { Unauthenticated } from '../domain-errors.ts';

export type AuditorState = { readonly status: 'new' } | ActiveAuditor;

export interface ActiveAuditor {
  readonly status: 'active';
  readonly auditorId: string;
  readonly email: string;
  readonly passwordHash: string;
  /** Sessions signed in and not yet signed out: session id → ISO time its token expires. */
  readonly openSessions: ReadonlyMap<string, string>;
}

const initialAuditorState = (): AuditorState => ({ status: 'new' });

function evolveAuditor(state: AuditorState, event: AuditorEvent): AuditorState {
  switch (event.type) {
    case 'AuditorAdded': {
      const { auditorId, email, passwordHash } = event.data;
      return { status: 'active', auditorId, email, passwordHash, openSessions: new Map() };
    }
    case 'AuditorSignedIn':
      return state.status === 'active' ? { ...state, openSessions: new Map(state.openSessions).set(event.data.sessionId, event.data.expiresAt) } : state;
    case 'AuditorSignedOut': {
      if (state.status !== 'active') return state;
      const openSessions = new Map(state.openSessions);
      openSessions.delete(event.data.sessionId);
      return { ...state, openSessions };
    }
    case 'AuditorReadRecorded':
      return state;
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable, the type checker proves the switch covers every event
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const auditorAggregate = { initialState: initialAuditorState, evolve: evolveAuditor, eventTypes: auditorEventTypes };

/** The auditor while the account exists; otherwise the caller is refused as unauthenticated with `message`. */
export function activeAuditor(state: AuditorState, message: string = messages.server.sessionInvalid): ActiveAuditor {
  if (state.status !== 'active') throw new Unauthenticated(message);
  return state;
}

/** What the sign-in answers of an auditor: the email stands for the name (auditors are added by email only). */
export const auditorSessionUser = (auditor: ActiveAuditor): SessionUser => ({
  _id: auditor.auditorId,
  role: 'auditor',
  name: auditor.email,
  email: auditor.email,
});
