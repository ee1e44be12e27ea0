/**
 * The account aggregate (streams `customer-{id}`, `owner-{id}`): state and evolve.
 * Customers and hotel owners share it; the role is fixed at registration. Its events are
 * typed in contracts (`AccountEvent`); the decisions on it live in the use case folders
 * beside this file.
 */
import { accountEventTypes, messages, type AccountEvent, type AccountRegistered, type Role, type SessionUser } from '@stays/contracts';
import { Unauthenticated } from '../domain-errors.ts';

export type AccountState = { readonly status: 'new' } | ActiveAccount | DeletedAccount;

/** `personalDataErased`: its data key is destroyed and PersonalDataErased recorded. */
export interface DeletedAccount {
  readonly status: 'deleted';
  readonly accountId: string;
  readonly role: Role;
  readonly personalDataErased: boolean;
}

/** A password reset link sent to the account: pending until used, or replaced by a newer link. */
export interface ResetLink {
  /** ISO time the link stops working. */
  readonly expiresAt: string;
  readonly status: 'pending' | 'used' | 'replaced';
}

/** The registered account as its events left it (every field of AccountRegistered but `via`). */
export type ActiveAccount = Omit<AccountRegistered['data'], 'via'> & {
  readonly status: 'active';
  /** Sessions signed in and not yet signed out: session id → ISO time its token expires. */
  readonly openSessions: ReadonlyMap<string, string>;
  /** Every reset link ever sent to it, by its token's keyed hash (at most one pending). */
  readonly resetLinks: ReadonlyMap<string, ResetLink>;
};

const initialAccountState = (): AccountState => ({ status: 'new' });

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountRegistered': {
      const { accountId, role, name, email, username, profileImage, passwordHash } = event.data;
      return { status: 'active', accountId, role, name, email, username, profileImage, passwordHash, openSessions: new Map(), resetLinks: new Map() };
    }
    case 'AccountProfileUpdated': {
      if (state.status !== 'active') return state;
      const { name, email, username, profileImage } = event.data;
      return {
        ...state,
        ...(name !== undefined && { name }),
        ...(email !== undefined && { email }),
        ...(username !== undefined && { username }),
        ...(profileImage !== undefined && { profileImage: profileImage ?? undefined }),
      };
    }
    case 'AccountPasswordChanged':
      return state.status === 'active' ? { ...state, passwordHash: event.data.passwordHash } : state;
    case 'AccountSignedIn':
      return state.status === 'active' ? { ...state, openSessions: new Map(state.openSessions).set(event.data.sessionId, event.data.expiresAt) } : state;
    case 'AccountSignedOut': {
      if (state.status !== 'active') return state;
      const openSessions = new Map(state.openSessions);
      openSessions.delete(event.data.sessionId);
      return { ...state, openSessions };
    }
    case 'PasswordResetRequested': {
      if (state.status !== 'active') return state;
      const resetLinks = new Map<string, ResetLink>();
      for (const [hash, link] of state.resetLinks) resetLinks.set(hash, link.status === 'pending' ? { ...link, status: 'replaced' } : link);
      resetLinks.set(event.data.tokenHash, { expiresAt: event.data.expiresAt, status: 'pending' });
      return { ...state, resetLinks };
    }
    case 'AccountPasswordReset': {
      if (state.status !== 'active') return state;
      const link = state.resetLinks.get(event.data.tokenHash);
      const resetLinks = link === undefined ? state.resetLinks : new Map(state.resetLinks).set(event.data.tokenHash, { ...link, status: 'used' });
      return { ...state, passwordHash: event.data.passwordHash, resetLinks };
    }
    case 'AccountDeleted':
      return state.status === 'active' ? { status: 'deleted', accountId: state.accountId, role: state.role, personalDataErased: false } : state;
    case 'PersonalDataErased':
      return state.status === 'deleted' ? { ...state, personalDataErased: true } : state;
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable, the type checker proves the switch covers every event
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const accountAggregate = { initialState: initialAccountState, evolve: evolveAccount, eventTypes: accountEventTypes };

/** The account while it is active; otherwise the caller is refused as unauthenticated with `message`. */
export function activeAccount(state: AccountState, message: string = messages.server.sessionInvalid): ActiveAccount {
  if (state.status !== 'active') throw new Unauthenticated(message);
  return state;
}

/** What a client may see of an account: never the password hash. */
export function sessionUserOf(account: ActiveAccount): SessionUser {
  return {
    _id: account.accountId,
    role: account.role,
    name: account.name,
    email: account.email,
    hasPassword: account.passwordHash !== null,
    ...(account.username !== undefined && { username: account.username }),
    ...(account.profileImage !== undefined && { profileImage: account.profileImage }),
  };
}
