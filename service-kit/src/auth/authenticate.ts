import type { Context, Middleware } from 'koa';
import { messages, type Auth, type TokenRole } from '@stays/contracts';
import { ForbiddenError, UnauthorizedError } from '../http/errors.ts';
import { InvalidTokenError, type AccessTokenClaims, type AccountClaims, type TokenVerifier } from './tokens.ts';

/**
 * The role of the session the token names while it is open (not signed out, account not
 * deleted), else null. The command side answers from the account's event stream, the
 * query side from the sessions read model.
 */
export type SessionCheck = (claims: AccessTokenClaims) => Promise<TokenRole | null>;

export interface AuthState {
  auth: AccessTokenClaims;
}

/**
 * Requires a bearer token for `required` ('any' or a role): 401 when missing, invalid,
 * expired or revoked; 403 when the role does not match. 'any' means any guest or owner:
 * an auditor's token opens the 'auditor' routes only. The role is the session's, as
 * recorded when it opened: a token whose role claim says otherwise is refused like a
 * revoked one, so even a token minted with a stolen signing key cannot lend a guest's
 * session an auditor's routes. On success `ctx.state.auth` holds the verified claims.
 */
export function authenticate(verifier: TokenVerifier, sessionRole: SessionCheck, required: Exclude<Auth, 'none'>): Middleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx);
    if (token === null) throw new UnauthorizedError(messages.server.signInRequired);
    let claims: AccessTokenClaims;
    try {
      claims = await verifier.verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw new UnauthorizedError(messages.server.sessionInvalid);
      throw error;
    }
    if ((await sessionRole(claims)) !== claims.role) throw new UnauthorizedError(messages.server.sessionInvalid);
    if (!opens(claims.role, required)) throw new ForbiddenError(messages.server.wrongRole(required === 'any' ? 'guest or hotel owner' : required));
    (ctx.state as AuthState).auth = claims;
    await next();
  };
}

const opens = (role: TokenRole, required: Exclude<Auth, 'none'>): boolean => (required === 'any' ? role !== 'auditor' : role === required);

export const authOf = (ctx: Context): AccessTokenClaims => {
  const auth = (ctx.state as Partial<AuthState>).auth;
  if (auth === undefined) throw new Error('authOf called on a route without authenticate()');
  return auth;
};

/** The claims on a route of 'any', 'customer' or 'hotel-owner', whose authenticate() lets no auditor through. */
export const accountAuthOf = (ctx: Context): AccountClaims => {
  const auth = authOf(ctx);
  if (auth.role === 'auditor') throw new Error('accountAuthOf called on a route an auditor may call');
  return auth as AccountClaims;
};

/** The claims on an 'auditor' route. */
export const auditorAuthOf = (ctx: Context): AccessTokenClaims<'auditor'> => {
  const auth = authOf(ctx);
  if (auth.role !== 'auditor') throw new Error('auditorAuthOf called on a route that is not an auditor route');
  return auth as AccessTokenClaims<'auditor'>;
};

function bearerToken(ctx: Context): string | null {
  const header = ctx.get('Authorization');
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}
