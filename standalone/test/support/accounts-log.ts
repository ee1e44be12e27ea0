/**
 * A log of accounts registered (half guests, half owners), each followed by its sign-ins,
 * written to an embedded log in batches of 512 appends so group commit keeps the setup
 * short: what the replay, start-up and read model benchmarks replay, and what a test writes
 * when it needs many events quickly.
 */
import { randomUUID } from 'node:crypto';
import { openEmbeddedEventStore, type EventStore } from '@stays/event-store';

/**
 * Writes the log under `dir`; the ids of up to 1,000 of its guests, for queries to ask about.
 * The first `expiredSignIns` sign-ins of each account are sessions that ended long ago, as
 * most sessions of a log a year old have.
 */
export async function writeAccountsLog(dir: string, accounts: number, signInsPerAccount: number, expiredSignIns = 0): Promise<string[]> {
  const writer = await openEmbeddedEventStore(dir);
  try {
    return await appendAccounts(writer, accounts, signInsPerAccount, expiredSignIns);
  } finally {
    await writer.close();
  }
}

/** The same accounts appended through `writer` (a log behind the personal data layer, say). */
export async function appendAccounts(writer: Pick<EventStore, 'append'>, accounts: number, signInsPerAccount: number, expiredSignIns = 0): Promise<string[]> {
  const customers: string[] = [];
  const writes: Promise<unknown>[] = [];
  for (let i = 0; i < accounts; i++) {
    const accountId = randomUUID();
    const role = i % 2 === 0 ? 'customer' : 'hotel-owner';
    if (role === 'customer' && customers.length < 1000) customers.push(accountId);
    const events = [
      {
        type: 'AccountRegistered',
        data: {
          accountId,
          role,
          name: `Guest ${i}`,
          email: `guest${i}@example.in`,
          username: `guest${i}`,
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$x$y',
          via: 'password',
        },
      },
      ...Array.from({ length: signInsPerAccount }, (_, signIn) => ({
        type: 'AccountSignedIn',
        data: {
          accountId,
          role,
          sessionId: randomUUID(),
          method: 'password',
          expiresAt: signIn < expiredSignIns ? '2025-01-01T00:00:00.000Z' : '2030-01-01T00:00:00.000Z',
        },
      })),
    ];
    writes.push(writer.append(`${role === 'customer' ? 'customer' : 'owner'}-${accountId}`, events, { expectedRevision: 'no_stream' }));
    if (writes.length >= 512) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
  return customers;
}
