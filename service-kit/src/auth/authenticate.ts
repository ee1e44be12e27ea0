import type { Context, Middleware } from 'koa';
import { messages, type Auth } from '@stays/contracts';
import { ForbiddenError, UnauthorizedError } from '../http/errors.ts';
import { InvalidTokenError, type AccessTokenClaims, type TokenVerifier } from './tokens.ts';

/**
 * Is this session still open (not signed out, account not deleted)? The command side
 * answers from the account's event stream, the query side from the sessions read model.
 */
export type SessionCheck = (claims: AccessTokenClaims) => Promise<boolean>;

export interface AuthState {
  auth: AccessTokenClaims;
}

/**
 * Requires a bearer token for `required` ('any' or a role): 401 when missing, invalid,
 * expired or revoked; 403 when the role does not match. On success `ctx.state.auth`
 * holds the verified claims.
 */
export function authenticate(verifier: TokenVerifier, isSessionOpen: SessionCheck, required: Exclude<Auth, 'none'>): Middleware {
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
    if (!(await isSessionOpen(claims))) throw new UnauthorizedError(messages.server.sessionInvalid);
    if (required !== 'any' && claims.role !== required) throw new ForbiddenError(messages.server.wrongRole(required));
    (ctx.state as AuthState).auth = claims;
    await next();
  };
}

export const authOf = (ctx: Context): AccessTokenClaims => {
  const auth = (ctx.state as Partial<AuthState>).auth;
  if (auth === undefined) throw new Error('authOf called on a route without authenticate()');
  return auth;
};

function bearerToken(ctx: Context): string | null {
  const header = ctx.get('Authorization');
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}
