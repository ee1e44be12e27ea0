/**
 * The notary's Merkle code against RFC 9162 as the auditors' verifier reads it
 * (support/rfc9162-verifier.ts shares no code with it): every root, inclusion path and
 * consistency proof of the small trees, where every shape of the recursion occurs.
 */
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import type { RecordedEvent } from '@stays/event-store';
import {
  EMPTY_TREE_ROOT,
  MerkleFrontier,
  completeSubtreeHash,
  consistencyRanges,
  inclusionRanges,
  leafHash,
  leafHashOfText,
  leafHashOfStoredText,
  leafRecord,
  nodeHash,
  rangeHash,
  rangeNodes,
  splitPoint,
  type LeafRange,
  type NodeAddress,
} from '../src/merkle.ts';
import { jcs, leafHashOf, merkleTreeHash, verifyConsistency, verifyInclusion } from './support/rfc9162-verifier.ts';

const LEAVES: Buffer[] = Array.from({ length: 40 }, (_, i) => leafHashOfText(JSON.stringify({ leaf: i })));
const MAX_SIZE = 33;

/** A complete subtree's hash computed from the leaves by the RFC's definition. */
const subtreeOf =
  (leaves: readonly Buffer[]) =>
  ({ level, index }: NodeAddress): Buffer =>
    merkleTreeHash(leaves.slice(index * 2 ** level, (index + 1) * 2 ** level));

const hashesOf = (ranges: readonly LeafRange[]): Buffer[] => ranges.map((range) => rangeHash(range, subtreeOf(LEAVES)));

describe('RFC 9162 hashing', () => {
  it('gives the empty tree the SHA-256 of nothing', () => {
    expect(EMPTY_TREE_ROOT.toString('hex')).to.equal('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(rangeHash({ start: 3, end: 3 }, subtreeOf(LEAVES))).to.deep.equal(EMPTY_TREE_ROOT);
  });

  it('hashes a leaf as SHA-256(0x00 ‖ the RFC 8785 JSON of the record as stored, nothing else)', () => {
    const event = {
      id: 'e-1',
      streamId: 'booking-BK-1',
      type: 'BookingPlaced',
      revision: 1,
      position: 7,
      data: { guest: 'Zoë', nights: ['2026-12-01'] },
      metadata: { actor: 'c-1' },
      recordedAt: '2026-11-27T09:00:00.000Z',
      extra: 'not stored',
    } as unknown as RecordedEvent;
    const { extra: _notStored, ...stored } = event as unknown as Record<string, unknown>;
    expect(leafRecord(event)).to.deep.equal(stored);
    expect(leafHash(event)).to.deep.equal(leafHashOf(stored));
    const text = jcs({ name: 'Zoë ☃' });
    expect(leafHashOfText(text)).to.deep.equal(
      createHash('sha256')
        .update(Buffer.concat([Buffer.from([0]), Buffer.from(text, 'utf8')]))
        .digest(),
    );
  });

  it('hashes a record stored as its RFC 8785 bytes as the verifier hashes the record, whatever its length, call after call', () => {
    const record = (fill: string) => ({
      id: 'e-2',
      streamId: 'booking-BK-2',
      type: 'BookingPlaced',
      revision: 0,
      position: 8,
      data: { fill, note: 'Zoë ₹ "q"' },
      metadata: {},
      recordedAt: '2026-11-27T09:00:01.000Z',
    });
    // about the size of the scratch buffer (4,096 bytes, the 0x00 taking one), shorter and longer, each after a longer one
    const base = Buffer.byteLength(jcs(record('')));
    const around = [4097, 4096, 4095, 4094].map((bytes) => 'w'.repeat(bytes - base));
    for (const fill of ['y'.repeat(40_000), ...around, '', 'z']) {
      const stored = Buffer.from(jcs(record(fill)), 'utf8');
      expect(leafHashOfStoredText(stored), `${stored.length} bytes`).to.deep.equal(leafHashOf(record(fill)));
    }
  });

  it('hashes a node as SHA-256(0x01 ‖ left ‖ right), call after call', () => {
    for (let i = 0; i + 1 < 6; i++) {
      const expected = createHash('sha256')
        .update(Buffer.concat([Buffer.from([1]), LEAVES[i]!, LEAVES[i + 1]!]))
        .digest();
      expect(nodeHash(LEAVES[i]!, LEAVES[i + 1]!)).to.deep.equal(expected);
      expect(merkleTreeHash([LEAVES[i]!, LEAVES[i + 1]!])).to.deep.equal(expected);
    }
  });

  it('splits n leaves at the largest power of two smaller than n', () => {
    for (let n = 2; n <= 70; n++) {
      const k = splitPoint(n);
      expect(k < n && k * 2 >= n && Number.isInteger(Math.log2(k)), `n = ${n}: k = ${k}`).to.equal(true);
    }
  });

  it('hashes complete subtrees and any range of leaves as MTH', () => {
    for (const count of [1, 2, 4, 8, 16]) {
      for (let from = 0; from + count <= LEAVES.length; from += count) {
        expect(completeSubtreeHash(LEAVES, from, count), `${count} from ${from}`).to.deep.equal(merkleTreeHash(LEAVES.slice(from, from + count)));
      }
    }
    for (let size = 1; size <= MAX_SIZE; size++) {
      expect(rangeHash({ start: 0, end: size }, subtreeOf(LEAVES)), `[0, ${size})`).to.deep.equal(merkleTreeHash(LEAVES.slice(0, size)));
    }
  });
});

describe('the complete subtrees a range is made of', () => {
  it('are complete, left to right, and cover the range exactly, at most one per level', () => {
    for (let end = 1; end <= MAX_SIZE; end++) {
      const nodes = rangeNodes({ start: 0, end });
      let next = 0;
      for (const { level, index } of nodes) {
        expect(index * 2 ** level, `[0, ${end})`).to.equal(next);
        next += 2 ** level;
      }
      expect(next, `[0, ${end})`).to.equal(end);
      expect(
        nodes.map((node) => node.level),
        `[0, ${end})`,
      ).to.deep.equal([...end.toString(2)].flatMap((bit, i, bits) => (bit === '1' ? [bits.length - 1 - i] : [])));
    }
    expect(rangeNodes({ start: 8, end: 12 })).to.deep.equal([{ level: 2, index: 2 }]);
    expect(rangeNodes({ start: 8, end: 14 })).to.deep.equal([
      { level: 2, index: 2 },
      { level: 1, index: 6 },
    ]);
  });

  it('are none for an empty range, and refuse a range that is no subtree of the tree', () => {
    expect(rangeNodes({ start: 4, end: 4 })).to.deep.equal([]);
    expect(rangeNodes({ start: 5, end: 4 })).to.deep.equal([]);
    expect(() => rangeNodes({ start: 2, end: 6 })).to.throw(RangeError, "leaves [2, 6) are not a subtree of the log's tree");
    expect(() => rangeNodes({ start: 1, end: 3 })).to.throw(RangeError, 'leaves [1, 3) are not a subtree');
  });
});

describe('RFC 9162 proofs', () => {
  it('gives every leaf of every tree an inclusion path the RFC verifier accepts, and no other leaf', () => {
    for (let size = 1; size <= MAX_SIZE; size++) {
      const root = merkleTreeHash(LEAVES.slice(0, size));
      for (let index = 0; index < size; index++) {
        const path = hashesOf(inclusionRanges(index, size));
        expect(verifyInclusion(index, size, LEAVES[index]!, path, root), `leaf ${index} of ${size}`).to.equal(true);
        expect(verifyInclusion(index, size, LEAVES[index + 1]!, path, root), `leaf ${index + 1} as ${index} of ${size}`).to.equal(false);
      }
    }
  });

  it('refuses an inclusion path for a leaf outside the tree', () => {
    for (const [index, size] of [
      [-1, 4],
      [4, 4],
      [0, 0],
      [Number.NaN, 4],
    ] as const) {
      expect(() => inclusionRanges(index, size)).to.throw(RangeError, `leaf ${index} is not in a tree of ${size}`);
    }
  });

  it('gives every pair of tree sizes a consistency proof the RFC verifier accepts', () => {
    for (let second = 1; second <= MAX_SIZE; second++) {
      const secondRoot = merkleTreeHash(LEAVES.slice(0, second));
      for (let first = 1; first <= second; first++) {
        const firstRoot = merkleTreeHash(LEAVES.slice(0, first));
        const proof = hashesOf(consistencyRanges(first, second));
        expect(verifyConsistency(first, second, firstRoot, secondRoot, proof), `${first} → ${second}`).to.equal(true);
        if (first < second) {
          expect(
            verifyConsistency(first, second, merkleTreeHash(LEAVES.slice(1, first + 1)), secondRoot, proof),
            `${first} → ${second}, other first tree`,
          ).to.equal(false);
        }
      }
    }
    expect(consistencyRanges(5, 5)).to.deep.equal([]);
  });

  it('refuses a consistency proof from an empty or a larger tree', () => {
    for (const [first, second] of [
      [0, 4],
      [5, 4],
      [Number.NaN, 4],
    ] as const) {
      expect(() => consistencyRanges(first, second)).to.throw(RangeError, `no consistency proof from ${first} to ${second}`);
    }
  });
});

describe('the right edge of a growing tree', () => {
  it('gives the root of every size, and returns each subtree a leaf completes, the leaf first', () => {
    const frontier = new MerkleFrontier();
    expect(frontier.size).to.equal(0);
    expect(frontier.root()).to.deep.equal(EMPTY_TREE_ROOT);
    for (let size = 1; size <= MAX_SIZE; size++) {
      const completed = frontier.append(LEAVES[size - 1]!);
      const expected: NodeAddress[] = [];
      for (let level = 0; size % 2 ** level === 0; level++) expected.push({ level, index: size / 2 ** level - 1 });
      expect(
        completed.map(({ level, index }) => ({ level, index })),
        `leaf ${size - 1}`,
      ).to.deep.equal(expected);
      for (const node of completed) expect(node.hash, `${describeNode(node)} at ${size}`).to.deep.equal(subtreeOf(LEAVES)(node));
      expect(frontier.size).to.equal(size);
      expect(frontier.root(), `root of ${size}`).to.deep.equal(merkleTreeHash(LEAVES.slice(0, size)));
    }
  });

  it('resumes from a stored edge, and takes a complete subtree at once', () => {
    for (const size of [0, 1, 6, 7, 8, 13]) {
      const edge = rangeNodes({ start: 0, end: size }).map(subtreeOf(LEAVES));
      const frontier = new MerkleFrontier(size, edge);
      expect(frontier.root(), `root of ${size}`).to.deep.equal(merkleTreeHash(LEAVES.slice(0, size)));
      frontier.append(LEAVES[size]!);
      expect(frontier.root(), `root of ${size + 1}`).to.deep.equal(merkleTreeHash(LEAVES.slice(0, size + 1)));
    }
    const frontier = new MerkleFrontier(8, [subtreeOf(LEAVES)({ level: 3, index: 0 })]);
    const completed = frontier.appendSubtree(2, subtreeOf(LEAVES)({ level: 2, index: 2 }));
    expect(completed.map(({ level, index }) => ({ level, index }))).to.deep.equal([{ level: 2, index: 2 }]);
    expect(frontier.size).to.equal(12);
    const closing = frontier.appendSubtree(2, subtreeOf(LEAVES)({ level: 2, index: 3 }));
    expect(closing.map(({ level, index }) => ({ level, index }))).to.deep.equal([
      { level: 2, index: 3 },
      { level: 3, index: 1 },
      { level: 4, index: 0 },
    ]);
    expect(frontier.root()).to.deep.equal(merkleTreeHash(LEAVES.slice(0, 16)));
  });

  it('refuses an edge that does not fit the size, and a subtree that does not start at a multiple of its width', () => {
    expect(() => new MerkleFrontier(6, [LEAVES[0]!])).to.throw(RangeError, 'a tree of 6 leaves has 2 edge subtrees, not 1');
    expect(() => new MerkleFrontier(0, [LEAVES[0]!])).to.throw(RangeError, 'a tree of 0 leaves has 0 edge subtrees, not 1');
    const frontier = new MerkleFrontier(6, [subtreeOf(LEAVES)({ level: 2, index: 0 }), subtreeOf(LEAVES)({ level: 1, index: 2 })]);
    expect(() => frontier.appendSubtree(2, LEAVES[0]!)).to.throw(RangeError, 'a subtree of 4 leaves cannot follow 6 leaves');
    expect(frontier.size).to.equal(6);
  });
});

const describeNode = ({ level, index }: NodeAddress): string => `subtree ${index} of level ${level}`;
