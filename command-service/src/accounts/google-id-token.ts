/**
 * Google sign-in: the client posts the Google ID token (`credential`) it got from
 * Google Identity Services; we verify its signature against Google's key set, its
 * audience (our client id) and issuer. A posted name or email is never trusted.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { messages } from '@stays/contracts';
import { ServiceUnavailableError } from '@stays/service-kit';

export interface GoogleIdentity {
  readonly subject: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly name: string;
  readonly picture?: string;
  /** When Google issued the token (its `iat`): how fresh the sign-in behind it is. */
  readonly issuedAt: Date;
}

export interface GoogleIdTokenVerifier {
  verify(credential: string): Promise<GoogleIdentity>;
}

export interface GoogleSettings {
  readonly clientId: string;
  /** Google's JWKS address (https://www.googleapis.com/oauth2/v3/certs); tests point it at a local key set. */
  readonly jwksUrl: string;
  readonly issuers?: readonly string[];
}

/** A credential that is not a Google ID token for us; never shown, so it carries no reason. */
class InvalidGoogleCredentialError extends Error {}

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'] as const;

/**
 * jose's codes for a key set it could not have (no answer in time, an answer other than 200,
 * one that is no key set): Google's side or the network, not the token. Such a sign-in is
 * answered 503, so the guest tries again rather than hearing their credential is bad.
 */
const KEY_SET_UNAVAILABLE: ReadonlySet<string> = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);

export function createGoogleVerifier(settings: GoogleSettings, keySet: JWTVerifyGetKey = createRemoteJWKSet(new URL(settings.jwksUrl))): GoogleIdTokenVerifier {
  return {
    async verify(credential) {
      let payload;
      try {
        ({ payload } = await jwtVerify(credential, keySet, {
          audience: settings.clientId,
          issuer: [...(settings.issuers ?? GOOGLE_ISSUERS)],
          algorithms: ['RS256', 'ES256'],
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (error) {
        // anything else jose throws is about the token; what is not jose's is the fetch failing
        if (!(error instanceof errors.JOSEError) || KEY_SET_UNAVAILABLE.has(error.code))
          throw new ServiceUnavailableError(messages.server.googleUnreachable, 60);
        throw new InvalidGoogleCredentialError();
      }
      const email = payload.email;
      if (typeof email !== 'string' || email === '') throw new InvalidGoogleCredentialError();
      const name = typeof payload.name === 'string' && payload.name.trim() !== '' ? payload.name.trim() : email.split('@')[0]!;
      return {
        subject: payload.sub!,
        email,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name,
        issuedAt: new Date(payload.iat! * 1000),
        ...(typeof payload.picture === 'string' && /^https:\/\//.test(payload.picture) && { picture: payload.picture }),
      };
    },
  };
}

/**
 * The verified identity of a Google ID token, for a route (sign-in, or confirming a profile
 * change): 503 when Google sign-in is not configured; a token that does not verify is
 * refused with `refusal()`.
 */
export async function verifiedGoogleIdentity(verifier: GoogleIdTokenVerifier | null, credential: string, refusal: () => Error): Promise<GoogleIdentity> {
  if (verifier === null) throw new ServiceUnavailableError(messages.server.googleNotConfigured);
  try {
    return await verifier.verify(credential);
  } catch (error) {
    if (error instanceof InvalidGoogleCredentialError) throw refusal();
    throw error;
  }
}
