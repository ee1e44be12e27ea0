/**
 * One personal field, encrypted: AES-256-GCM under the subject's data key with a fresh
 * 12-byte random IV, over the JSON of the plain value, stored as the string
 * `pd1.<base64url iv>.<base64url ciphertext ‖ 16-byte tag>`. The additional data binds the
 * ciphertext to where it belongs (subject, event type, field name), so a value copied into
 * another field, event type or person's event does not decrypt.
 *
 * The personal-data layer writes an event's fields sealed together (record-cipher.ts);
 * this format is read for events written before, and the migration still writes it into
 * a record whose other fields already have it.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { freshIv } from './iv-pool.ts';

/** How every encrypted field's stored value starts. */
export const ENCRYPTED_FIELD_PREFIX = 'pd1.';
const PREFIX = ENCRYPTED_FIELD_PREFIX;
const TAG_BYTES = 16;
const FORMAT = /^pd1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}$/;
const IV_CHARS = 16;

/** Where a field's value belongs; any difference makes decryption refuse. */
export interface FieldPlace {
  readonly subject: string;
  readonly type: string;
  readonly field: string;
}

/** A stored value that does not decrypt under its subject's key: tampered, moved, or the wrong key. */
export class FieldIntegrityError extends Error {
  override readonly name = 'FieldIntegrityError';
}

// Stryker disable next-line StringLiteral: Buffer reads an empty encoding name as UTF-8
const additionalData = (place: FieldPlace): Buffer => Buffer.from(`${place.subject}\n${place.type}\n${place.field}`, 'utf8');

/** Whether a stored value has the encrypted field format (it may still fail to decrypt). */
// Stryker disable next-line ConditionalExpression,LogicalOperator: FORMAT, anchored, refuses whatever these two tests refuse; they only answer most values faster
export const isEncryptedField = (value: unknown): value is string => typeof value === 'string' && value.startsWith(PREFIX) && FORMAT.test(value);

export function encryptField(key: Buffer, place: FieldPlace, value: unknown): string {
  const iv = freshIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(additionalData(place));
  // Stryker disable next-line StringLiteral: Buffer reads an empty encoding name as UTF-8
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${iv.toString('base64url')}.${ciphertext.toString('base64url')}`;
}

/** The plain value; throws FieldIntegrityError when the value was not encrypted for this place with this key. */
export function decryptField(key: Buffer, place: FieldPlace, stored: string): unknown {
  if (!FORMAT.test(stored)) throw new FieldIntegrityError(`${place.type}.${place.field} of ${place.subject} is not an encrypted field`);
  const iv = Buffer.from(stored.slice(PREFIX.length, PREFIX.length + IV_CHARS), 'base64url');
  const sealed = Buffer.from(stored.slice(PREFIX.length + IV_CHARS + 1), 'base64url');
  // Stryker disable next-line all: FORMAT already asks for at least 22 base64url characters, 16 bytes; kept so the tag slice below never depends on the pattern
  if (sealed.length < TAG_BYTES) throw new FieldIntegrityError(`${place.type}.${place.field} of ${place.subject} is truncated`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(additionalData(place));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
    return JSON.parse(plain.toString('utf8'));
  } catch {
    throw new FieldIntegrityError(`${place.type}.${place.field} of ${place.subject} does not decrypt: altered, moved from another field, or another key`);
  }
}
