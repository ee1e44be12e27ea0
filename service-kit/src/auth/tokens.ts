/**
 * Access tokens: short-lived JWTs signed with an asymmetric key (EdDSA / Ed25519), so
 * the query side holds only the public key and can verify but never mint. Every token
 * names a session; a session ends on sign-out or account deletion, and both services
 * check that the session is still open (see authenticate.ts).
 */
import { SignJWT, jwtVerify, errors as joseErrors, type CryptoKey } from 'jose';
import { LRUCache } from 'lru-cache';
import { TOKEN_ROLES, type Role, type TokenRole } from '@stays/contracts';

export const TOKEN_ALGORITHM = 'EdDSA';

export interface AccessTokenClaims<R extends TokenRole = TokenRole> {
  readonly accountId: string;
  readonly role: R;
  readonly sessionId: string;
}

/** A guest's or a hotel owner's claims (what the routes of 'any' or of one of those roles are given). */
export type AccountClaims = AccessTokenClaims<Role>;

export interface TokenSettings {
  readonly issuer: string;
  readonly audience: string;
  readonly ttlSeconds: number;
}

export interface IssuedToken {
  readonly token: string;
  readonly expiresAt: Date;
}

export class TokenIssuer {
  constructor(
    private readonly privateKey: CryptoKey,
    private readonly settings: TokenSettings,
  ) {}

  async issue(claims: AccessTokenClaims, now: Date = new Date()): Promise<IssuedToken> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = issuedAt + this.settings.ttlSeconds;
    const token = await new SignJWT({ role: claims.role })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(claims.accountId)
      .setJti(claims.sessionId)
      .setIssuer(this.settings.issuer)
      .setAudience(this.settings.audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.privateKey);
    return { token, expiresAt: new Date(expiresAt * 1000) };
  }
}

/** Why a token was refused (for logs and tests; clients all get the same 401). */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

/** How many verified tokens a verifier remembers (a few hundred bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Verifies access tokens. A signature check costs more than the rest of a typical request,
 * and a signed-in client sends the same token with every call, so tokens that passed are
 * remembered (bounded, least recently used out) until they expire: the same string cannot verify
 * differently later, and expiry is checked again on every use. Revocation is the session
 * check's job (authenticate.ts), which runs on every request regardless.
 */
export class TokenVerifier {
  private readonly verified = new LRUCache<string, { readonly claims: AccessTokenClaims; readonly expiresAtSeconds: number }>({ max: VERIFIED_TOKENS_KEPT });

  constructor(
    private readonly publicKey: CryptoKey,
    private readonly settings: Omit<TokenSettings, 'ttlSeconds'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Checks signature (EdDSA only: `alg: none` and HMAC confusion are refused), expiry, issuer and audience. */
  async verify(token: string): Promise<AccessTokenClaims> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const known = this.verified.get(token);
    // Stryker disable next-line ConditionalExpression,BlockStatement: remembering saves the signature check only; jose answers the same
    if (known !== undefined) {
      if (nowSeconds < known.expiresAtSeconds) return known.claims;
      this.verified.delete(token);
      throw new InvalidTokenError('ERR_JWT_EXPIRED'); // as jose says of a token it has not seen
    }
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        algorithms: [TOKEN_ALGORITHM],
        issuer: this.settings.issuer,
        audience: this.settings.audience,
        requiredClaims: ['sub', 'jti', 'exp', 'iat'],
        currentDate: new Date(nowSeconds * 1000), // the same second the remembered tokens are checked against
      });
      const role = payload.role;
      if (!(TOKEN_ROLES as readonly unknown[]).includes(role)) throw new InvalidTokenError('bad role claim');
      const claims: AccessTokenClaims = { accountId: payload.sub!, role: role as TokenRole, sessionId: payload.jti! };
      this.verified.set(token, { claims, expiresAtSeconds: payload.exp! });
      return claims;
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      // Stryker disable next-line ConditionalExpression: jose throws only its own errors for any input; anything else is refused all the same
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.code);
      throw new InvalidTokenError('unreadable token');
    }
  }
}
