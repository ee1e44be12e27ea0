/**
 * A first start tells a log that holds encrypted personal data (whose key store must not be
 * missing) from one that holds none, whether or not its store can search its bytes.
 */
import { expect } from 'chai';
import { openInMemoryEventStore, type EventStore } from '@stays/event-store';
import { logHoldsEncryptedFields } from '../src/index.ts';

const SEALED = `pd2.${'A'.repeat(16)}.${'b'.repeat(30)}`;
const ENCRYPTED_FIELD = `pd1.${'A'.repeat(16)}.${'b'.repeat(30)}`;

const registered = (n: number, name: string, email = `guest${n}@example.in`) => ({
  type: 'AccountRegistered',
  data: { accountId: `a${n}`, role: 'customer', name, email, username: `guest${n}`, passwordHash: 'h', via: 'password' },
});

/** The same log as a store that cannot search its bytes (EventStoreDB) shows it: read record by record. */
const withoutByteSearch = (store: EventStore): EventStore => ({
  append: (...args) => store.append(...args),
  readStream: (...args) => store.readStream(...args),
  readAll: (...args) => store.readAll(...args),
  readAt: (...args) => store.readAt(...args),
  headPosition: () => store.headPosition(),
  subscribeToAll: (...args) => store.subscribeToAll(...args),
  close: () => store.close(),
});

describe('personal data: whether the log holds encrypted fields', () => {
  let store: EventStore;

  beforeEach(async () => {
    store = await openInMemoryEventStore();
    for (let n = 0; n < 30; n++) await store.append(`customer-a${n}`, [registered(n, `Guest ${n}`)]);
  });
  afterEach(() => store.close());

  it('answers no for a log of plain personal data, one value of which looks like a ciphertext at its start', async () => {
    await store.append('customer-a30', [registered(30, 'pd2.lover', 'pd1.fan@example.in')]);
    expect(await store.storedBytesMayHold!(['"pd2.'])).to.equal(true);
    expect(await logHoldsEncryptedFields(store)).to.equal(false);
    expect(await logHoldsEncryptedFields(withoutByteSearch(store))).to.equal(false);
  });

  it('answers yes for a log with one sealed record, or one encrypted field, among plain ones', async () => {
    await store.append('customer-a30', [registered(30, SEALED, 'pd2')]);
    expect(await logHoldsEncryptedFields(store)).to.equal(true);
    expect(await logHoldsEncryptedFields(withoutByteSearch(store))).to.equal(true);

    const other = await openInMemoryEventStore();
    try {
      await other.append('customer-a0', [registered(0, 'Guest 0')]);
      await other.append('customer-a1', [registered(1, 'Guest 1', ENCRYPTED_FIELD)]);
      expect(await logHoldsEncryptedFields(other)).to.equal(true);
      expect(await logHoldsEncryptedFields(withoutByteSearch(other))).to.equal(true);
    } finally {
      await other.close();
    }
  });
});
