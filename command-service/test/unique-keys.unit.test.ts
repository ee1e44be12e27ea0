/**
 * Unique keys through the event store (an email, a hotel's name, an auditor's email): one
 * holder at a time, released only by its holder, taken over only from a holder that reserved
 * it at least five minutes ago and recorded nothing since (a command that crashed between its
 * two appends), and exactly one winner when holders race for a free key.
 */
import { expect } from 'chai';
import { openInMemoryEventStore, type EventStore } from '@stays/event-store';
import { Conflict } from '../src/domain-errors.ts';
import { releaseUniqueKey, reserveUniqueKey, uniqueKeyHolder, type Abandonment } from '../src/unique-keys.ts';

const KEY = 'streamnamekey-guest@example.in';
const TAKEN = 'An account with this email already exists';
const metadata = { actor: 'test' };
const FIVE_MINUTES = 5 * 60 * 1000;

async function refusal(attempt: Promise<unknown>): Promise<unknown> {
  return attempt.then(
    () => null,
    (error: unknown) => error,
  );
}

describe('unique keys', () => {
  let store: EventStore;
  beforeEach(async () => {
    store = await openInMemoryEventStore();
  });
  afterEach(() => store.close());

  const reserve = (holder: string, abandonment?: Abandonment) => reserveUniqueKey(store, KEY, holder, TAKEN, metadata, abandonment);
  const eventTypes = async () => (await store.readStream(KEY)).map((event) => `${event.type} ${String(event.data.holder)}`);

  it('is held by the first to reserve it; the holder reserving again records nothing', async () => {
    expect(await uniqueKeyHolder(store, KEY)).to.equal(null);
    expect(await reserve('account-a')).to.be.a('number');
    expect(await reserve('account-a')).to.equal(null);
    expect(await uniqueKeyHolder(store, KEY)).to.equal('account-a');
    expect(await eventTypes()).to.deep.equal(['KeyReserved account-a']);
  });

  it("refuses another holder with the caller's message, recording nothing", async () => {
    await reserve('account-a');
    const error = await refusal(reserve('account-b'));
    expect(error).to.be.instanceOf(Conflict);
    expect((error as Conflict).message).to.equal(TAKEN);
    expect(await eventTypes()).to.deep.equal(['KeyReserved account-a']);
  });

  it('is released by its holder only, and may then be reserved by another', async () => {
    await reserve('account-a');
    expect(await releaseUniqueKey(store, KEY, 'account-b', metadata)).to.equal(null);
    expect(await uniqueKeyHolder(store, KEY)).to.equal('account-a');
    expect(await releaseUniqueKey(store, KEY, 'account-a', metadata)).to.be.a('number');
    expect(await uniqueKeyHolder(store, KEY)).to.equal(null);
    expect(await releaseUniqueKey(store, KEY, 'account-a', metadata)).to.equal(null);
    await reserve('account-b');
    expect(await uniqueKeyHolder(store, KEY)).to.equal('account-b');
    expect(await eventTypes()).to.deep.equal(['KeyReserved account-a', 'KeyReleased account-a', 'KeyReserved account-b']);
  });

  it("keeps its holder when the log holds another's release (a release is the holder's alone)", async () => {
    await reserve('account-a');
    await store.append(KEY, [{ type: 'KeyReleased', data: { holder: 'account-b' } }]);
    expect(await uniqueKeyHolder(store, KEY)).to.equal('account-a');
    expect(await refusal(reserve('account-c'))).to.be.instanceOf(Conflict);
  });

  describe('taken over from a holder that recorded nothing', () => {
    const asked: string[] = [];
    /** `afterMs` after the key stream's last event, the holder having recorded something or not. */
    const abandonment = async (afterMs: number, recordedNothing: boolean, meanwhile?: () => Promise<unknown>): Promise<Abandonment> => ({
      now: new Date(Date.parse((await store.readStream(KEY)).at(-1)!.recordedAt) + afterMs),
      recordedNothing: async (holder) => {
        asked.push(holder);
        await meanwhile?.();
        return recordedNothing;
      },
    });
    beforeEach(() => (asked.length = 0));

    it('five minutes after the reservation, not a moment before, and not asking whether it did before then', async () => {
      await reserve('account-a');
      expect(await refusal(reserve('account-b', await abandonment(FIVE_MINUTES - 1, true)))).to.be.instanceOf(Conflict);
      expect(asked).to.deep.equal([]);
      expect(await reserve('account-b', await abandonment(FIVE_MINUTES, true))).to.be.a('number');
      expect(asked).to.deep.equal(['account-a']);
      expect(await uniqueKeyHolder(store, KEY)).to.equal('account-b');
    });

    it('never from a holder that recorded what holds the key', async () => {
      await reserve('account-a');
      expect(await refusal(reserve('account-b', await abandonment(FIVE_MINUTES + 1_000, false)))).to.be.instanceOf(Conflict);
      expect(asked).to.deep.equal(['account-a']);
      expect(await uniqueKeyHolder(store, KEY)).to.equal('account-a');
    });

    it('never without being asked to look for it (no abandonment given)', async () => {
      await reserve('account-a');
      expect(await refusal(reserve('account-b'))).to.be.instanceOf(Conflict);
    });

    it('never from a holder that took the key over meanwhile: only the one found to have recorded nothing', async () => {
      await reserve('account-a');
      // while the caller asks about account-a, another process takes the key over from it
      const takenMeanwhile = () => store.append(KEY, [{ type: 'KeyReserved', data: { holder: 'account-c' } }]);
      const error = await refusal(reserve('account-b', await abandonment(FIVE_MINUTES, true, takenMeanwhile)));
      expect(error).to.be.instanceOf(Conflict);
      expect(await uniqueKeyHolder(store, KEY)).to.equal('account-c');
    });

    it('asks nothing about a free key or one the caller holds', async () => {
      await reserve('account-a');
      expect(await reserve('account-a', await abandonment(FIVE_MINUTES, true))).to.equal(null);
      await releaseUniqueKey(store, KEY, 'account-a', metadata);
      expect(await reserve('account-b', await abandonment(FIVE_MINUTES, true))).to.be.a('number');
      expect(asked).to.deep.equal([]);
    });
  });

  it('has exactly one winner among holders racing for a free key', async () => {
    const holders = Array.from({ length: 8 }, (_, i) => `account-${i}`);
    const outcomes = await Promise.all(holders.map((holder) => refusal(reserve(holder))));
    const winners = holders.filter((_, i) => outcomes[i] === null);
    expect(winners).to.have.length(1);
    for (const outcome of outcomes) if (outcome !== null) expect(outcome).to.be.instanceOf(Conflict);
    expect(await uniqueKeyHolder(store, KEY)).to.equal(winners[0]);
    expect(await eventTypes()).to.deep.equal([`KeyReserved ${winners[0]}`]);
  });
});
