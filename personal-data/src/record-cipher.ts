/**
 * The personal fields of one event, encrypted together: one AES-256-GCM ciphertext under
 * the subject's data key (fresh 12-byte IV) over the JSON array of their values, stored in
 * the first of them as `pd2.<base64url iv>.<base64url ciphertext ‖ 16-byte tag>`; each of
 * the others holds `pd2`, saying its value is sealed there. The additional data names the
 * format, subject, event type and the sealed fields in order, so the ciphertext does not
 * open in another person's event, another event type, or over another set of fields.
 *
 * Why one ciphertext per event rather than one per field (`pd1`, field-cipher.ts, still
 * read): a replay pays one AES-GCM context per ciphertext, and setting one up costs more
 * than decrypting a name. Opening an account's three fields sealed together costs about
 * as much as opening one of them alone (CPU, 20,000 of each: 9.5–10.4 µs against
 * 7.2–11.5 µs per field; docs/decisions/0008), so reading a registration costs a third
 * of what it did. Records written as `pd1` stay readable: the log is never rewritten.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { FieldIntegrityError } from './field-cipher.ts';
import { freshIv } from './iv-pool.ts';

/** How every sealed value starts. */
export const SEALED_VALUE_PREFIX = 'pd2.';
const PREFIX = SEALED_VALUE_PREFIX;
/** What every sealed field but the first holds. */
export const SEALED_ELSEWHERE = 'pd2';
const IV_CHARS = 16;
const TAG_BYTES = 16;
// Stryker disable next-line Regex: isSealedValue, its one user, checks the prefix first
const FORMAT = /^pd2\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}$/;

/** Where sealed values belong; any difference makes opening them refuse. */
export interface RecordPlace {
  readonly subject: string;
  readonly type: string;
  /** The sealed fields, in the order their values are sealed. */
  readonly fields: readonly string[];
}

const additionalData = (place: RecordPlace): string => `pd2\n${place.subject}\n${place.type}\n${place.fields.join('\n')}`;

/** Whether a stored value has the sealed format (it may still fail to open). */
// Stryker disable next-line ConditionalExpression,LogicalOperator: FORMAT, anchored, refuses whatever these two tests refuse; they only answer most values faster
export const isSealedValue = (value: unknown): value is string => typeof value === 'string' && value.startsWith(PREFIX) && FORMAT.test(value);

/** The stored values of `place.fields`: the ciphertext first, SEALED_ELSEWHERE for the rest. */
export function sealFields(key: Buffer, place: RecordPlace, values: readonly unknown[]): string[] {
  const iv = freshIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // Stryker disable next-line StringLiteral: Buffer reads an empty encoding name as UTF-8
  cipher.setAAD(Buffer.from(additionalData(place), 'utf8'));
  // Stryker disable next-line StringLiteral: Buffer reads an empty encoding name as UTF-8
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return [`${PREFIX}${iv.toString('base64url')}.${ciphertext.toString('base64url')}`, ...place.fields.slice(1).map(() => SEALED_ELSEWHERE)];
}

const placeName = (place: RecordPlace) => `${place.type}.${place.fields.join('+')} of ${place.subject}`;

/** The plain values of `place.fields`; throws FieldIntegrityError when they were not sealed there, so, with this key. */
export function openFields(key: Buffer, place: RecordPlace, stored: readonly unknown[]): unknown[] {
  const sealed = stored[0];
  if (!isSealedValue(sealed) || stored.length !== place.fields.length || stored.some((value, i) => i > 0 && value !== SEALED_ELSEWHERE)) {
    throw new FieldIntegrityError(`${placeName(place)} are not sealed together`);
  }
  const body = Buffer.from(sealed.slice(PREFIX.length + IV_CHARS + 1), 'base64url');
  let values: unknown;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.slice(PREFIX.length, PREFIX.length + IV_CHARS), 'base64url'));
    // Stryker disable next-line StringLiteral: Buffer reads an empty encoding name as UTF-8
    decipher.setAAD(Buffer.from(additionalData(place), 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    values = JSON.parse(Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8'));
  } catch {
    throw new FieldIntegrityError(`${placeName(place)} do not decrypt: altered, moved from another event or person, or another key`);
  }
  if (!Array.isArray(values) || values.length !== place.fields.length) throw new FieldIntegrityError(`${placeName(place)} do not hold one value per field`);
  return values;
}
