/**
 * Reset link tokens: 256 bits from the operating system's CSPRNG, with the account's id
 * beside them so a reset finds its account's stream without any index. Only a keyed hash
 * of the whole token is ever stored (HMAC-SHA-256 under the server secret that keys OTP
 * hashes, kept out of the log), so neither the log nor a copy of it opens an account. The
 * hash is compared as a map key: it is keyed, so a caller cannot aim at it bit by bit.
 */
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_BYTES = 32;
/** Separates these hashes from the OTP hashes made with the same key. */
const PURPOSE = 'password-reset';

/** A new token for the account: `{secret}.{account id}`, both base64url, fit for a query parameter as is. */
export const newResetToken = (accountId: string): string =>
  `${randomBytes(SECRET_BYTES).toString('base64url')}.${Buffer.from(accountId).toString('base64url')}`;

export const hashResetToken = (key: Buffer, token: string): string => createHmac('sha256', key).update(`${PURPOSE}|${token}`).digest('hex');

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The account a token names, or null for a token not of this shape (forged, or cut short when copied). */
export function accountIdOfToken(token: string): string | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [secret, account] = parts as [string, string];
  if (!BASE64URL.test(secret) || !BASE64URL.test(account) || Buffer.from(secret, 'base64url').length !== SECRET_BYTES) return null;
  const accountId = Buffer.from(account, 'base64url').toString('utf8');
  return /^[A-Za-z0-9-]{1,64}$/.test(accountId) ? accountId : null;
}
