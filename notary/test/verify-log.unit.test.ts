import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import type { RecordedEvent } from '@stays/event-store';
import type { SignedTreeHead } from '@stays/contracts';
import { LogVerifier, MerkleFrontier, NotarySigner, leafHash } from '../src/index.ts';
import { describeReport } from '../src/verify-log.ts';

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
    // each head's root is still the log's at its size: the order is the only problem
    expect((await verify(records, [heads[1]!, heads[0]!], false)).problems).to.deep.equal(['tree head 1 (size 10) is smaller than the one before it']);
  });

  it("trusts the notary's record of leaves only as far as it agrees with the signed heads", async () => {
    const changed = records.map((record, i) => (i === 17 ? { ...record, data: { ...record.data, n: 1700 } } : record));
    const check = (archive: readonly RecordedEvent[]) => {
      const verifier = new LogVerifier();
      verifier.add(changed);
      return verifier.finish(heads, signer.publicKey, archive.map(leafHash));
    };
    // a record of leaves altered elsewhere (leaf 5) gives no head's root: it names nothing, the heads place the change
    const altered = await check(records.map((record, i) => (i === 5 ? { ...record, type: 'BookingCancelled' } : record)));
    expect(altered.problems).to.include('the first changed event is among leaves 10 to 24 (between the last matching head and the first that does not)');
    expect(altered.firstMismatch).to.deep.equal({ leafIndex: 10, position: 10, streamId: 'booking-BK-4', type: 'BookingPlaced' });
    // one cut short after 30 leaves agrees with the heads it reaches (10 and 25), and names the change within them
    const cut = await check(records.slice(0, 30));
    expect(cut.firstMismatch).to.deep.equal({ leafIndex: 17, position: 17, streamId: 'booking-BK-5', type: 'BookingPlaced' });
    expect(cut.problems).to.have.length(2);
  });

  it('names nothing past the last head the record of leaves reaches', async () => {
    // the log changed at leaf 25, the first leaf past the record's last head (25 leaves): the heads place it
    const changed = records.map((record, i) => (i === 25 ? { ...record, data: { ...record.data, n: 2500 } } : record));
    const verifier = new LogVerifier();
    verifier.add(changed);
    const report = await verifier.finish(heads, signer.publicKey, records.slice(0, 25).map(leafHash));
    expect(report.problems).to.deep.equal([
      report.problems[0]!,
      'the first changed event is among leaves 25 to 39 (between the last matching head and the first that does not)',
    ]);
    expect(report.problems[0]).to.match(/^the log's tree at size 40 has root /);
    expect(report.firstMismatch).to.deep.equal({ leafIndex: 25, position: 25, streamId: 'booking-BK-1', type: 'BookingPlaced' });
  });

  it('places a change after the last head within the log, and a head past its end at the end', async () => {
    const cut = await verify(records.slice(0, 30), heads, false);
    expect(cut.problems).to.include('the first changed event is among leaves 25 to 30 (between the last matching head and the first that does not)');
    expect(cut.firstMismatch).to.deep.equal({ leafIndex: 25, position: 25, streamId: 'booking-BK-1', type: 'BookingPlaced' });
    const named = await verify(records.slice(0, 30), heads, true);
    expect(named.firstMismatch).to.deep.equal({ leafIndex: 30, position: null, streamId: null, type: null });
  });

  it('checks heads of any order of sizes given first, and the same size twice', async () => {
    const verifier = new LogVerifier([40, 10, 25, 10]);
    verifier.add(records);
    expect(await verifier.finish([heads[0]!, heads[0]!, heads[1]!, heads[2]!], signer.publicKey, null)).to.deep.equal({
      ok: true,
      events: 40,
      headsChecked: 4,
      problems: [],
      firstMismatch: null,
    });
    const altered = records.map((record, i) => (i === 30 ? { ...record, type: 'BookingCancelled' } : record));
    const alteredTree = new MerkleFrontier();
    for (const record of altered) alteredTree.append(leafHash(record));
    const changed = new LogVerifier([10, 25, 40]);
    changed.add(altered);
    expect((await changed.finish(heads, signer.publicKey, null)).problems).to.deep.equal([
      `the log's tree at size 40 has root ${alteredTree.root().toString('hex')}, not ${heads[2]!.rootHash} as signed at ${heads[2]!.timestamp}`,
      'the first changed event is among leaves 25 to 39 (between the last matching head and the first that does not)',
    ]);
  });

  it('says what it found in lines an operator reads', async () => {
    expect(describeReport(await verify(records, heads, true))).to.equal(
      ['40 events, 3 signed tree heads checked', '✔ the log matches every signed tree head'].join('\n'),
    );
    const changed = records.map((record, i) => (i === 17 ? { ...record, data: { ...record.data, n: 1700 } } : record));
    const lines = describeReport(await verify(changed, heads, true)).split('\n');
    expect(lines[0]).to.equal('40 events, 3 signed tree heads checked');
    expect(lines[1]).to.equal('first event that does not match: leaf 17, position 17, stream booking-BK-5 (BookingPlaced)');
    expect(lines.slice(2, -1)).to.have.length(2);
    for (const line of lines.slice(2, -1)) expect(line).to.match(/^✘ the log's tree at size (25|40) has root [0-9a-f]{64}, not [0-9a-f]{64} as signed at /);
    expect(lines.at(-1)).to.equal('✘ the log does not match what the notary signed');
    const removed = describeReport(await verify(records.slice(0, 30), heads, true)).split('\n');
    expect(removed[1]).to.equal('first event that does not match: leaf 30, past the end of the log (removed)');
    expect(removed).to.include(`✘ the log has 30 events but the tree head signed at ${heads[2]!.timestamp} covers 40: events were removed`);
  });

  it('keeps more leaves than its first buffer holds (1,024) and names a change past them', async () => {
    const long: RecordedEvent[] = Array.from({ length: 2_500 }, (_, i) => ({ ...records[i % 40]!, id: `long-${i}`, position: i, data: { n: i } }));
    const tree = new MerkleFrontier();
    const longHeads: SignedTreeHead[] = [];
    for (const record of long) {
      tree.append(leafHash(record));
      if (tree.size === 1_000 || tree.size === 2_500)
        longHeads.push(signer.sign({ treeSize: tree.size, rootHash: tree.root().toString('hex'), timestamp: record.recordedAt }));
    }
    const check = (log: readonly RecordedEvent[]) => {
      const verifier = new LogVerifier([1_000, 2_500]);
      verifier.add(log);
      return verifier.finish(longHeads, signer.publicKey, long.map(leafHash));
    };
    expect((await check(long)).ok).to.equal(true);
    const report = await check(long.map((record, i) => (i === 2_222 ? { ...record, data: { n: -1 } } : record)));
    expect(report.firstMismatch).to.deep.equal({ leafIndex: 2_222, position: 2_222, streamId: long[2_222]!.streamId, type: 'BookingPlaced' });
    expect(report.problems).to.have.length(1);
  });
});
