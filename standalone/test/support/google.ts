/** A stand-in for Google: a local JWKS endpoint and a key that signs ID tokens for the test client id. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';

export const GOOGLE_CLIENT_ID = 'stays-test.apps.googleusercontent.com';

export async function startLocalGoogle() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = http.createServer((_, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
  return { privateKey, jwksUrl, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface IdTokenOptions {
  readonly audience?: string;
  readonly issuer?: string;
  readonly expiresIn?: string;
  /** Seconds since the epoch; now when left out. */
  readonly issuedAt?: number;
}

export function idToken(key: CryptoKey, claims: Record<string, unknown>, options: IdTokenOptions = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(options.issuer ?? 'https://accounts.google.com')
    .setAudience(options.audience ?? GOOGLE_CLIENT_ID)
    .setSubject('google-user-1')
    .setIssuedAt(options.issuedAt)
    .setExpirationTime(options.expiresIn ?? '10m')
    .sign(key);
}
