import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import type { RecordedEvent } from '@stays/event-store';
import type { SignedTreeHead } from '@stays/contracts';
import { LogVerifier, MerkleFrontier, NotarySigner, leafHash } from '../src/index.ts';

const signer = new NotarySigner(generateKeyPairSync('ed25519').privateKey);

const records: RecordedEvent[] = Array.from({ length: 40 }, (_, i) => ({
  id: `id-${i}`,
  streamId: `booking-BK-${i % 6}`,
  type: 'BookingPlaced',
  revision: Math.floor(i / 6),
  position: i,
  data: { bookingID: `BK-${i % 6}`, n: i },
  metadata: { actor: 'system' },
  recordedAt: new Date(Date.UTC(2026, 10, 22, 0, 0, i)).toISOString(),
}));

/** Heads as the notary signed them over the original records, at the given sizes. */
function headsAt(sizes: readonly number[]): SignedTreeHead[] {
  const frontier = new MerkleFrontier();
  const heads: SignedTreeHead[] = [];
  for (const record of records) {
    frontier.append(leafHash(record));
    if (sizes.includes(frontier.size))
      heads.push(signer.sign({ treeSize: frontier.size, rootHash: frontier.root().toString('hex'), timestamp: record.recordedAt }));
  }
  return heads;
}

const verify = (log: readonly RecordedEvent[], heads: readonly SignedTreeHead[], archived: boolean) => {
  const verifier = new LogVerifier();
  verifier.add(log);
  return verifier.finish(heads, signer.publicKey, archived ? records.map(leafHash) : null);
};

describe('verify-log (LogVerifier)', () => {
  const heads = headsAt([10, 25, 40]);

  it('passes the log the heads were signed over', async () => {
    expect(await verify(records, heads, true)).to.deep.equal({ ok: true, events: 40, headsChecked: 3, problems: [], firstMismatch: null });
  });

  it('names the first changed event from the notarised leaves, and places it between heads without them', async () => {
    const changed = records.map((record, i) => (i === 17 ? { ...record, data: { ...record.data, n: 1700 } } : record));
    const named = await verify(changed, heads, true);
    expect(named.ok).to.equal(false);
    expect(named.firstMismatch).to.deep.equal({ leafIndex: 17, position: 17, streamId: 'booking-BK-5', type: 'BookingPlaced' });
    expect(named.problems).to.have.length(2); // the heads at 25 and 40
    const placed = await verify(changed, heads, false);
    expect(placed.problems).to.include('the first changed event is among leaves 10 to 24 (between the last matching head and the first that does not)');
  });

  it('names the place of a removed event, and counts heads beyond the end of the log', async () => {
    const removed = await verify(
      records.filter((_, i) => i !== 3),
      heads,
      true,
    );
    expect(removed.firstMismatch).to.deep.equal({ leafIndex: 3, position: 4, streamId: 'booking-BK-4', type: 'BookingPlaced' });
    expect(removed.problems.some((problem) => problem.includes('the log has 39 events but the tree head signed at'))).to.equal(true);
  });

  it('refuses heads the notary key did not sign, and heads whose sizes go backwards', async () => {
    const forged = { ...heads[1]!, rootHash: heads[0]!.rootHash };
    const report = await verify(records, [heads[0]!, forged, heads[2]!], true);
    expect(report.ok).to.equal(false);
    expect(report.problems[0]).to.match(/^tree head 1 \(size 25, .*\) has a signature the notary's key does not verify$/);
    expect((await verify(records, [heads[1]!, heads[0]!], true)).problems).to.include('tree head 1 (size 10) is smaller than the one before it');
  });
});
