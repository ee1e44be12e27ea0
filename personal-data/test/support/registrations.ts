/** An embedded log of guests' registrations, written through the personal-data layer, and a cold layer to read it again. */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { openEmbeddedEventStore, type EventStore } from '@stays/event-store';
import { createFileKeyStorage, openKeyStore, withPersonalData, type KeyStore } from '../../src/index.ts';

export const guestName = (i: number) => `Guest ${i}`;
export const registration = (i: number) => ({
  accountId: `g${i}`,
  role: 'customer',
  name: guestName(i),
  email: `guest${i}@example.in`,
  username: `guest${i}`,
  passwordHash: null,
  via: 'password',
});

/** Guests g<from>…g<to - 1>, each registered in their own stream `customer-g<i>`. */
export async function register(store: EventStore, from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++) await store.append(`customer-g${i}`, [{ type: 'AccountRegistered', data: registration(i) }]);
}

export interface Log {
  readonly raw: EventStore;
  readonly keys: KeyStore;
  /** The layer over the log and the keys, as a process that has just started reads them: nothing cached. */
  readonly store: EventStore;
}

/** The log and keys under `dir` opened anew (the master key stays the same across openings). */
export async function openLog(dir: string, masterKey: Buffer): Promise<Log> {
  const raw = await openEmbeddedEventStore(path.join(dir, 'events'));
  const keys = await openKeyStore(await createFileKeyStorage(path.join(dir, 'keys')), masterKey);
  return { raw, keys, store: withPersonalData(raw, keys) };
}

/** A log of `guests` registrations under `dir`, closed again; returns its master key. */
export async function writeRegistrations(dir: string, guests: number): Promise<Buffer> {
  const masterKey = randomBytes(32);
  const { store } = await openLog(dir, masterKey);
  await register(store, 0, guests);
  await store.close();
  return masterKey;
}
