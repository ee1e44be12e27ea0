/**
 * Booking ids people can read out on the phone: 'BK-' and 8 characters of Crockford's
 * base 32 (no I, L, O, U), 40 random bits. Uniqueness is enforced by creating the
 * booking's stream with `no_stream`; a collision simply draws again.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newBookingId(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let id = '';
  for (let i = 0; i < 8; i++) {
    id = ALPHABET[Number(bits & 31n)]! + id;
    bits >>= 5n;
  }
  return `BK-${id}`;
}
