/**
 * Two small projections whose writes are not idempotent by themselves ($inc, $push,
 * updateMany, upserts): any event applied twice or lost shows in their documents. Shared
 * by the runner's and the query side's resilience tests.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore } from '@stays/event-store';
import type { ReadStore } from '@stays/read-store';
import type { ProjectionDefinition } from '../../src/index.ts';

/** Accounts with non-idempotent writes ($inc, $push, updateMany): any double or lost application shows. */
export const ledger: ProjectionDefinition = {
  name: 'ledger',
  version: 1,
  collections: ['accounts'],
  project: (event) => {
    const { account, amount } = event.data as { account?: string; amount?: number };
    switch (event.type) {
      case 'Opened':
        return [{ collection: 'accounts', operation: { insertOne: { document: { _id: account!, balance: 0, history: [] } } } }];
      case 'Deposited':
        return [
          {
            collection: 'accounts',
            operation: { updateOne: { filter: { _id: account! }, update: { $inc: { balance: amount! }, $push: { history: amount! } } } },
          },
        ];
      case 'BonusPaid':
        return [
          { collection: 'accounts', operation: { updateMany: { filter: {}, update: { $inc: { balance: amount! }, $push: { history: `bonus ${amount}` } } } } },
        ];
      default:
        return [];
    }
  },
};

/** Events per stream, by upsert. */
export const tally: ProjectionDefinition = {
  name: 'tally',
  version: 1,
  collections: ['tallies'],
  project: (event) => [
    {
      collection: 'tallies',
      operation: { updateOne: { filter: { _id: event.streamId }, update: { $inc: { events: 1 }, $set: { last: event.type } }, upsert: true } },
    },
  ],
};

export const projections = [ledger, tally];
export const quiet = () => undefined;

export async function appendLedger(store: EventStore, from: number, count: number): Promise<void> {
  for (let i = from; i < from + count; i++) {
    const account = `account-${i % 7}`;
    if (i < 7) await store.append(account, [{ type: 'Opened', data: { account } }]);
    else if (i % 11 === 0) await store.append('bonus-1', [{ type: 'BonusPaid', data: { amount: i } }]);
    else await store.append(account, [{ type: 'Deposited', data: { account, amount: i } }]);
  }
}

export async function readModels(readStore: ReadStore) {
  return {
    accounts: await readStore.collection('accounts').find({}, { sort: { _id: 1 } }),
    tallies: await readStore.collection('tallies').find({}, { sort: { _id: 1 } }),
  };
}

export async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

export async function head(store: EventStore): Promise<number> {
  return (await store.headPosition()) ?? -1;
}
