/**
 * The browser's verification of an event against the notary's signed tree head, checked
 * against vectors this test computes on its own from the RFCs: its own RFC 8785 writer,
 * its own RFC 9162 tree (MTH and PATH, §2.1.1 and §2.1.3.1) over node:crypto SHA-256,
 * and node:crypto Ed25519 signatures.
 */
import { expect } from 'chai';
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { AuditRecord, InclusionProof, NotaryPublicKey, SignedTreeHead } from '@stays/contracts';
import { leafHashOf, rootFromInclusionProof, verifyRecord } from '../../src/features/audit/verify.ts';

/** RFC 8785 for the JSON these records hold: keys sorted by UTF-16 code units, ES number and string forms. */
function jcs(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jcs).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jcs(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sha = (...parts: Buffer[]): Buffer => createHash('sha256').update(Buffer.concat(parts)).digest();
const leaf = (record: AuditRecord): Buffer => sha(Buffer.from([0]), Buffer.from(jcs(record), 'utf8'));
const node = (left: Buffer, right: Buffer): Buffer => sha(Buffer.from([1]), left, right);
/** The largest power of two smaller than n (n > 1). */
const split = (n: number): number => 2 ** Math.floor(Math.log2(n - 1));

/** MTH(D[n]) of RFC 9162 §2.1.1, over leaf hashes. */
function mth(leaves: readonly Buffer[]): Buffer {
  if (leaves.length === 0) return sha();
  if (leaves.length === 1) return leaves[0]!;
  const k = split(leaves.length);
  return node(mth(leaves.slice(0, k)), mth(leaves.slice(k)));
}

/** PATH(m, D[n]) of RFC 9162 §2.1.3.1. */
function path(m: number, leaves: readonly Buffer[]): Buffer[] {
  if (leaves.length <= 1) return [];
  const k = split(leaves.length);
  return m < k ? [...path(m, leaves.slice(0, k)), mth(leaves.slice(k))] : [...path(m - k, leaves.slice(k)), mth(leaves.slice(0, k))];
}

const record = (i: number): AuditRecord => ({
  id: `0b7c9a1e-${String(i).padStart(4, '0')}-4f1e-9d7a-5c1b2e3f4a5b`,
  streamId: i % 3 === 0 ? `booking-BK${i}` : `inventory-room${i}`,
  type: i % 3 === 0 ? 'BookingPlaced' : 'UnitsReserved',
  revision: i,
  position: 1000 + i * 17,
  data: {
    bookingID: `BK${i}`,
    nights: ['2026-12-01', '2026-12-02'],
    units: 2,
    payableAmount: 12_345.5,
    customerName: 'pd1.AAEC.ZGVm',
    city: 'Bengalūru ✓',
    nested: { z: 1, a: [true, null] },
  },
  metadata: { actor: 'c9', correlationId: `BK${i}`, schemaVersion: 1 },
  recordedAt: `2026-11-22T10:${String(i % 60).padStart(2, '0')}:00.000Z`,
});

interface Notary {
  readonly publicKey: NotaryPublicKey;
  readonly privateKey: KeyObject;
}
function notaryKeys(): Notary {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  return { publicKey: { kty: 'OKP', crv: 'Ed25519', x: jwk.x! }, privateKey };
}

function signedHead(notary: Notary, treeSize: number, rootHash: string): SignedTreeHead {
  const fields = { treeSize, rootHash, timestamp: '2026-11-22T10:30:00.000Z' };
  return { ...fields, signature: sign(null, Buffer.from(jcs(fields), 'utf8'), notary.privateKey).toString('base64url') };
}

/** A log of `size` records, its signed head and the inclusion proof of each leaf. */
function log(notary: Notary, size: number) {
  const records = Array.from({ length: size }, (_, i) => record(i));
  const leaves = records.map(leaf);
  const head = signedHead(notary, size, mth(leaves).toString('hex'));
  const proof = (leafIndex: number): InclusionProof => ({ leafIndex, treeSize: size, auditPath: path(leafIndex, leaves).map((h) => h.toString('hex')) });
  return { records, leaves, head, proof };
}

describe('audit verification in the browser (unit)', () => {
  const notary = notaryKeys();

  it('hashes a record as SHA-256 of 0x00 and its RFC 8785 form', async () => {
    const r = record(7);
    expect(Buffer.from(await leafHashOf(r)).toString('hex')).to.equal(leaf(r).toString('hex'));
  });

  it('verifies every leaf of trees of 1 to 17 leaves against their signed heads', async () => {
    for (let size = 1; size <= 17; size++) {
      const { records, head, proof } = log(notary, size);
      for (let i = 0; i < size; i++) {
        const verdict = await verifyRecord({ record: records[i]!, leafIndex: i, proof: proof(i), head, publicKey: notary.publicKey });
        expect(verdict, `leaf ${i} of ${size}`).to.deep.equal({ verified: true, treeSize: size });
      }
    }
  });

  it('fails a record changed by one character, or checked at another leaf index', async () => {
    const { records, head, proof } = log(notary, 11);
    const original = records[5]!;
    const altered = { ...original, data: { ...original.data, payableAmount: 12_345.6 } };
    expect(await verifyRecord({ record: altered, leafIndex: 5, proof: proof(5), head, publicKey: notary.publicKey })).to.deep.equal({
      verified: false,
      reason: 'proof',
    });
    const reordered = { ...original, metadata: { schemaVersion: 1, correlationId: 'BK5', actor: 'c9' } };
    expect(
      await verifyRecord({ record: reordered, leafIndex: 5, proof: proof(5), head, publicKey: notary.publicKey }),
      'key order does not matter in RFC 8785',
    ).to.deep.equal({ verified: true, treeSize: 11 });
    expect(await verifyRecord({ record: original, leafIndex: 6, proof: { ...proof(5), leafIndex: 6 }, head, publicKey: notary.publicKey })).to.deep.equal({
      verified: false,
      reason: 'proof',
    });
    expect(await verifyRecord({ record: original, leafIndex: 5, proof: proof(6), head, publicKey: notary.publicKey })).to.deep.equal({
      verified: false,
      reason: 'proof',
    });
  });

  it('fails a proof with a path cut short, lengthened or for another tree size', async () => {
    const { records, head, proof } = log(notary, 13);
    const good = proof(4);
    const cases: InclusionProof[] = [
      { ...good, auditPath: good.auditPath.slice(0, -1) },
      { ...good, auditPath: [...good.auditPath, good.auditPath[0]!] },
      { ...good, treeSize: 12 },
    ];
    for (const bad of cases) {
      expect(await verifyRecord({ record: records[4]!, leafIndex: 4, proof: bad, head, publicKey: notary.publicKey })).to.deep.equal({
        verified: false,
        reason: 'proof',
      });
    }
  });

  it('fails a head whose fields were changed after signing, or signed by another key', async () => {
    const { records, leaves, head, proof } = log(notary, 9);
    const otherRoot = mth(leaves.slice(0, 8)).toString('hex');
    expect(
      await verifyRecord({ record: records[2]!, leafIndex: 2, proof: proof(2), head: { ...head, rootHash: otherRoot }, publicKey: notary.publicKey }),
    ).to.deep.equal({ verified: false, reason: 'signature' });
    expect(
      await verifyRecord({
        record: records[2]!,
        leafIndex: 2,
        proof: proof(2),
        head: { ...head, timestamp: '2026-11-22T10:30:01.000Z' },
        publicKey: notary.publicKey,
      }),
    ).to.deep.equal({ verified: false, reason: 'signature' });
    expect(await verifyRecord({ record: records[2]!, leafIndex: 2, proof: proof(2), head, publicKey: notaryKeys().publicKey })).to.deep.equal({
      verified: false,
      reason: 'signature',
    });
  });

  it('fails a correctly signed head whose root is not the tree of the record', async () => {
    const { records, proof } = log(notary, 6);
    const lying = signedHead(notary, 6, 'ab'.repeat(32));
    expect(await verifyRecord({ record: records[1]!, leafIndex: 1, proof: proof(1), head: lying, publicKey: notary.publicKey })).to.deep.equal({
      verified: false,
      reason: 'proof',
    });
  });

  it('reports hashes, signatures and keys that do not decode as malformed', async () => {
    const { records, head, proof } = log(notary, 4);
    const input = { record: records[0]!, leafIndex: 0, proof: proof(0), head, publicKey: notary.publicKey };
    expect(await verifyRecord({ ...input, proof: { ...input.proof, auditPath: ['zz'] } })).to.deep.equal({ verified: false, reason: 'malformed' });
    expect(await verifyRecord({ ...input, head: { ...head, signature: 'not base64url!' } })).to.deep.equal({ verified: false, reason: 'malformed' });
    expect(await verifyRecord({ ...input, publicKey: { ...notary.publicKey, x: 'AAAA' } })).to.deep.equal({ verified: false, reason: 'malformed' });
  });

  it('walks paths of logs beyond 2^32 leaves exactly (no 32-bit shifts)', async () => {
    // The last leaf of a tree of 2^40 + 3 leaves: its path is the root of its sibling pair
    // of the right 3-leaf subtree, then the root of the full left subtree of 2^40 leaves.
    const size = 2 ** 40 + 3;
    const target = sha(Buffer.from('leaf'));
    const pair = sha(Buffer.from('pair'));
    const left = sha(Buffer.from('left'));
    const expected = node(left, node(pair, target));
    const root = await rootFromInclusionProof(size - 1, size, target, [pair, left]);
    expect(Buffer.from(root!).toString('hex')).to.equal(expected.toString('hex'));
    expect(await rootFromInclusionProof(size, size, target, [pair, left]), 'index beyond the tree').to.equal(null);
  });
});
