/**
 * An auditor's verifier, written for the tests from the RFCs and sharing no code with the
 * notary: RFC 8785 JSON (JCS) of a record, RFC 9162 §2.1.1 hashing, the tree head root
 * (MTH by its recursive definition), inclusion proof verification (§2.1.3.2) and
 * consistency proof verification (§2.1.4.2), and the Ed25519 check of a signed head from
 * the public JWK.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';

const sha256 = (...parts: Buffer[]): Buffer => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/**
 * RFC 8785: object members sorted by the UTF-16 code units of their names, strings and
 * numbers as ECMAScript serialises them (JSON.stringify of a primitive is exactly that),
 * no whitespace.
 */
export function jcs(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('JCS has no form for NaN or Infinity');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(jcs).join(',')}]`;
  if (typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>).filter(([, member]) => member !== undefined);
    members.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${members.map(([name, member]) => `${JSON.stringify(name)}:${jcs(member)}`).join(',')}}`;
  }
  throw new TypeError(`JCS has no form for ${typeof value}`);
}

export const leafHashOf = (record: unknown): Buffer => sha256(Buffer.from([0]), Buffer.from(jcs(record), 'utf8'));
const hashChildren = (left: Buffer, right: Buffer): Buffer => sha256(Buffer.from([1]), left, right);

/** MTH(D[n]) by §2.1.1's definition. */
export function merkleTreeHash(leaves: readonly Buffer[]): Buffer {
  if (leaves.length === 0) return sha256();
  if (leaves.length === 1) return leaves[0]!;
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return hashChildren(merkleTreeHash(leaves.slice(0, k)), merkleTreeHash(leaves.slice(k)));
}

/** §2.1.3.2: verifying an inclusion proof. */
export function verifyInclusion(leafIndex: number, treeSize: number, leafHash: Buffer, inclusionPath: readonly Buffer[], rootHash: Buffer): boolean {
  if (leafIndex >= treeSize) return false;
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leafHash;
  for (const p of inclusionPath) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = hashChildren(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = hashChildren(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.equals(rootHash);
}

/** §2.1.4.2: verifying a consistency proof. */
export function verifyConsistency(firstSize: number, secondSize: number, firstHash: Buffer, secondHash: Buffer, proof: readonly Buffer[]): boolean {
  if (firstSize === secondSize) return proof.length === 0 && firstHash.equals(secondHash);
  if (firstSize > secondSize || firstSize === 0) return false;
  let path = [...proof];
  const isPowerOfTwo = (n: number) => (n & (n - 1)) === 0;
  if (isPowerOfTwo(firstSize)) path = [firstHash, ...path];
  if (path.length === 0) return false;
  let fn = firstSize - 1;
  let sn = secondSize - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = hashChildren(c, fr);
      sr = hashChildren(c, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      sr = hashChildren(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return fr.equals(firstHash) && sr.equals(secondHash) && sn === 0;
}

export interface TreeHead {
  readonly treeSize: number;
  readonly rootHash: string;
  readonly timestamp: string;
  readonly signature: string;
}

/** Ed25519 over the JCS of the three signed fields, checked with the published JWK. */
export function verifyHeadSignature(head: TreeHead, jwk: { kty: string; crv: string; x: string }): boolean {
  const key = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: 'jwk' });
  const signed = Buffer.from(jcs({ treeSize: head.treeSize, rootHash: head.rootHash, timestamp: head.timestamp }), 'utf8');
  return verify(null, signed, key, Buffer.from(head.signature, 'base64url'));
}

export const hex = (text: string): Buffer => Buffer.from(text, 'hex');
