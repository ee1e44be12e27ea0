/**
 * A stored record handed to a reader with its personal fields opened only when the reader
 * reads them: its `data` is a copy of the stored data whose encrypted fields are getters
 * (own, enumerable, in their place), so JSON.stringify, structuredClone, Object.keys,
 * spread, `for…in` and schema parsing see plain values, and a read model that reads no
 * personal field (occupancy) pays no decryption at all. The subject's key is read ahead,
 * with the batch's other keys (key reads are async, getters are not); the first read of any
 * of the record's fields opens them all (one ciphertext per event) and keeps the values
 * with the record.
 *
 * What a read gives:
 * - the plain value, while this process has not destroyed the subject's key since the key
 *   was read (checked on every read: one comparison while no key was destroyed, a lookup
 *   after), so a record handed out before an erasure, opened or not, reads ERASED at once
 *   after it and drops the values it kept;
 * - FieldIntegrityError, on every read, for values that do not open under the subject's
 *   key (tampered, moved): `failure()` tells the subscription, which fails the batch even if
 *   its handler caught the error.
 */
import { ERASED } from '@stays/contracts';
import type { RecordedEvent } from '@stays/event-store';
import { decryptField } from './field-cipher.ts';
import type { KeyStore } from './key-store.ts';
import { openFields } from './record-cipher.ts';

/** Where a record's encrypted fields belong, what it stores in them, and how they are encrypted. */
export interface EncryptedPlace {
  readonly subject: string;
  readonly type: string;
  /** The encrypted fields, in their order in the record's declaration. */
  readonly fields: readonly string[];
  readonly stored: readonly unknown[];
  /** Sealed together (`pd2`, record-cipher.ts) or one by one (`pd1`, field-cipher.ts). */
  readonly sealed: boolean;
}

/** The encrypted fields of one record, opened on the first read. */
export class SealedFields {
  private values: readonly unknown[] | undefined;
  private error: unknown;
  private erased = false;
  /** The key store's destroyCount() when this record last checked for a destroyed key. */
  private checked: number;

  /** `keyReadFrom`: the key store's destroyCount() before `key` was read. */
  constructor(
    private readonly keys: KeyStore,
    private readonly place: EncryptedPlace,
    private key: Buffer | undefined,
    private readonly keyReadFrom: number,
  ) {
    this.checked = keyReadFrom;
  }

  valueAt(index: number): unknown {
    const destroys = this.keys.destroyCount();
    if (destroys !== this.checked) {
      this.checked = destroys;
      if (this.keys.destroyedSince(this.place.subject, this.keyReadFrom)) {
        this.erased = true;
        this.values = undefined;
        this.key = undefined;
      }
    }
    if (this.erased) return ERASED;
    if (this.values === undefined) this.values = this.open();
    return this.values[index];
  }

  /** The error opening the fields gave, if a reader read them and they did not open. */
  failure(): unknown {
    return this.error;
  }

  private open(): readonly unknown[] {
    if (this.error !== undefined) throw this.error;
    const { subject, type, fields, stored, sealed } = this.place;
    const key = this.key!;
    try {
      const values = sealed
        ? openFields(key, { subject, type, fields }, stored)
        : fields.map((field, i) => decryptField(key, { subject, type, field }, stored[i] as string));
      this.key = undefined;
      return values;
    } catch (error) {
      this.error = error;
      throw error;
    }
  }
}

/** The record with its encrypted fields read through `sealed`; frozen like the stored one if that is. */
export function readableRecord(record: RecordedEvent, fields: readonly string[], sealed: SealedFields): RecordedEvent {
  const data = { ...record.data };
  fields.forEach((field, index) =>
    Object.defineProperty(data, field, {
      enumerable: true,
      configurable: true,
      get: () => sealed.valueAt(index),
      // a reader that writes the field (on a record not frozen) gets an ordinary property, as with a plain record
      set(this: Record<string, unknown>, value: unknown) {
        Object.defineProperty(this, field, { value, writable: true, enumerable: true, configurable: true });
      },
    }),
  );
  const readable = { ...record, data };
  if (!Object.isFrozen(record)) return readable;
  Object.freeze(data);
  return Object.freeze(readable);
}

/** The record with `values` in place of the stored values of `fields` (ERASED for a key that is gone), as plain properties. */
export function withValues(record: RecordedEvent, fields: readonly string[], values: readonly unknown[]): RecordedEvent {
  const data = { ...record.data };
  fields.forEach((field, i) => (data[field] = values[i]));
  return { ...record, data };
}
