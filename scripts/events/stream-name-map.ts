/**
 * From unkeyed stream names to keyed ones (migrate-stream-names). A name written before
 * names were keyed is `{category}-{sha256(email)}` or `contact-{sha256(email|phone)}`; the
 * hash cannot be turned back into the email, so the map is built from the log itself: every
 * email an account, auditor or booking recorded, and every email and phone a booking was
 * placed with, hashed the old way and keyed the new way.
 *
 * A hash whose email or phone the log no longer holds (an erased account's released
 * reservation, a contact that asked for a code and never booked) is retired: replaced by a
 * keyed digest of the hash itself, which no email will ever name again. The reservation
 * was free or the contact's code long expired, so nothing of the product's state is lost
 * but a pending code or a verification of the last minutes, and the hash leaves the log.
 */
import { createHash } from 'node:crypto';
import { ERASED, normaliseEmail, phoneDigits } from '@stays/contracts';
import type { EventStore, RecordedEvent } from '@stays/event-store';
import { recordsOf, revealRecord, type KeyStore } from '@stays/personal-data';
import { ConfigError, unkeyedStreamName, type KeyedStreamNames } from '@stays/service-kit';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const isSha256 = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
const KEY_TIE_PREFIX = 'streamnamekey-';

export class StreamNameMap {
  /** Old sha256 of an email → its keyed digest. */
  readonly #emails = new Map<string, string>();
  /** Old sha256 of `email|national number` → its keyed digest. */
  readonly #contacts = new Map<string, string>();
  /** Unkeyed names met in the log, and how many were retired for want of what they hashed. */
  readonly renamed = { streams: new Set<string>(), retired: new Set<string>() };

  private constructor(private readonly names: KeyedStreamNames) {}

  /**
   * Reads the whole log (personal fields revealed with `keys`). Refuses a log already tied
   * to another stream name key: keying it again would leave half its names under each.
   */
  static async of(store: EventStore, keys: KeyStore, names: KeyedStreamNames): Promise<StreamNameMap> {
    const map = new StreamNameMap(names);
    const ownTie = `${KEY_TIE_PREFIX}${names.keyCheck()}`;
    for await (const stored of recordsOf(store)) {
      if (stored.streamId.startsWith(KEY_TIE_PREFIX) && stored.streamId !== ownTie) {
        throw new ConfigError(
          "migrate-stream-names: this log's stream names are keyed with another STREAM_NAME_KEY already: give the command the key the services use",
        );
      }
      map.#learn(
        stored.type === 'AccountRegistered' || stored.type === 'AccountProfileUpdated' || stored.type === 'BookingPlaced'
          ? await revealRecord(stored, keys)
          : stored,
      );
    }
    return map;
  }

  #learnEmail(email: unknown): void {
    if (typeof email !== 'string' || email === ERASED) return;
    this.#emails.set(sha256(normaliseEmail(email)), this.names.email(email));
  }

  #learn(record: RecordedEvent): void {
    const { data } = record;
    if (record.type === 'AccountRegistered' || record.type === 'AccountProfileUpdated' || record.type === 'AuditorAdded') this.#learnEmail(data.email);
    if (record.type !== 'BookingPlaced') return;
    this.#learnEmail(data.customerEmail);
    const { customerEmail: email, customerPhoneNumber: phone } = data;
    if (typeof email !== 'string' || typeof phone !== 'string' || email === ERASED || phone === ERASED) return;
    this.#contacts.set(sha256(`${normaliseEmail(email)}|${phoneDigits(phone)}`), this.names.contactKey(email, phone));
  }

  #digestOf(category: string, hash: string): string {
    const known = (category === 'contact' ? this.#contacts : this.#emails).get(hash);
    if (known !== undefined) return known;
    this.renamed.retired.add(`${category}-${hash}`);
    return this.names.retired(category, hash);
  }

  /** The stream's keyed name; any other name as it is. */
  streamIdOf(streamId: string): string {
    const unkeyed = unkeyedStreamName(streamId);
    if (unkeyed === null) return streamId;
    this.renamed.streams.add(streamId);
    return `${unkeyed.category}-${this.#digestOf(unkeyed.category, unkeyed.hash)}`;
  }

  /**
   * The record with every unkeyed name or hash it holds keyed: its stream, a metadata value
   * naming a stream (a booking's `contactStream`), a guest's `contactHash`, and an auditor's
   * read filtered by a guest's email (`guestEmailSha256`, now `guestEmailDigest`). The same
   * record when it holds none.
   */
  copyOf(record: RecordedEvent): RecordedEvent {
    let changed = false;
    const streamId = this.streamIdOf(record.streamId);
    const metadata = { ...record.metadata };
    for (const [name, value] of Object.entries(metadata)) {
      if (typeof value === 'string' && unkeyedStreamName(value) !== null) metadata[name] = this.streamIdOf(value);
    }
    let data = record.data;
    if (record.type === 'GuestContactUsed' && isSha256(data.contactHash)) data = { ...data, contactHash: this.#digestOf('contact', data.contactHash) };
    const filters = data.filters as Record<string, unknown> | undefined;
    if (record.type === 'AuditorReadRecorded' && filters !== undefined && isSha256(filters.guestEmailSha256)) {
      const { guestEmailSha256, ...others } = filters;
      data = { ...data, filters: { ...others, guestEmailDigest: this.#digestOf('email', guestEmailSha256) } };
    }
    changed = streamId !== record.streamId || data !== record.data || Object.entries(metadata).some(([name, value]) => record.metadata[name] !== value);
    return changed ? { ...record, streamId, data, metadata } : record;
  }
}
