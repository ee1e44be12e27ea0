/**
 * Stream names (and the few values in events) derived from a person's email or phone,
 * keyed with a server secret (HMAC-SHA-256, STREAM_NAME_KEY) that is never in the log.
 *
 * A unique-key stream must have the same name for the same email, so it cannot be
 * encrypted or salted per record; an unkeyed hash of it, though, outlives erasure and lets
 * anyone who holds the log (or the auditors' export) confirm a guessed email in one
 * sha256. Keyed, the names stay stable for the product and say nothing without the key.
 *
 * Keyed digests are written `k` + 64 hex digits: `k` is not a hex digit, so a name from
 * before the key (`customeremail-{64 hex}`) can never be mistaken for a keyed one.
 */
import { createHmac } from 'node:crypto';
import { normaliseEmail, phoneDigits, streams, type Role } from '@stays/contracts';

/** Bytes of STREAM_NAME_KEY: base64 of 32 random bytes (npm run keys). */
export const STREAM_NAME_KEY_BYTES = 32;

/** What a digest keys, so an email's digest never equals a contact's or the key check. */
type Purpose = 'email' | 'contact' | 'retired' | 'key-check';

/** The categories whose names were `{category}-{sha256(personal data)}` before names were keyed. */
export const UNKEYED_NAME_CATEGORIES = ['customeremail', 'owneremail', 'auditoremail', 'contact'] as const;
const unkeyedName = new RegExp(`^(${UNKEYED_NAME_CATEGORIES.join('|')})-([0-9a-f]{64})$`);

/** The category and sha256 of a stream name written before names were keyed, or null. */
export function unkeyedStreamName(streamId: string): { readonly category: string; readonly hash: string } | null {
  const match = unkeyedName.exec(streamId);
  return match === null ? null : { category: match[1]!, hash: match[2]! };
}

export class KeyedStreamNames {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length < STREAM_NAME_KEY_BYTES) throw new RangeError(`STREAM_NAME_KEY: must be at least ${STREAM_NAME_KEY_BYTES} bytes (base64; npm run keys)`);
    this.#key = Buffer.from(key);
  }

  #digest(purpose: Purpose, text: string): string {
    return `k${createHmac('sha256', this.#key).update(`stays-stream-name\n${purpose}\n${text}`).digest('hex')}`;
  }

  /** The keyed digest of a normalised email: the id of its unique-key streams, and how an auditor's read names a guest. */
  email(email: string): string {
    return this.#digest('email', normaliseEmail(email));
  }

  /** The keyed digest of a contact (email and national number): its stream's id, and `GuestContactUsed.contactHash`. */
  contactKey(email: string, nationalNumber: string): string {
    return this.#digest('contact', `${normaliseEmail(email)}|${phoneDigits(nationalNumber)}`);
  }

  /** One account per email and role. */
  emailKey(role: Role, email: string): string {
    return streams.emailKey(role, this.email(email));
  }

  /** One auditor per email. */
  auditorEmail(email: string): string {
    return streams.auditorEmail(this.email(email));
  }

  contact(email: string, nationalNumber: string): string {
    return streams.contact(this.contactKey(email, nationalNumber));
  }

  /**
   * What an unkeyed sha256 becomes when the log no longer holds what it was a hash of (the
   * person was erased, or a contact never booked): a keyed digest no email or phone will
   * ever produce again, so the old hash leaves the log and nothing can be confirmed by it.
   */
  retired(category: string, hash: string): string {
    return this.#digest('retired', `${category}|${hash}`);
  }

  /**
   * A value that shows which key made a log's names, and nothing about the key: the id of
   * the stream that ties a log to its key (see stream-name-key.ts in the command service).
   */
  keyCheck(): string {
    return this.#digest('key-check', '');
  }
}
