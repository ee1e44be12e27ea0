/**
 * Checking in the browser that an event is in the notary's log, so an auditor does not
 * have to take the server's word for it. Only Web Crypto and the RFCs are trusted:
 * - leaf hash = SHA-256(0x00 ‖ UTF-8 of the RFC 8785 (JCS) form of the record as stored);
 * - the audit path is walked as RFC 9162 §2.1.3.2 says, giving a root hash;
 * - that root must equal the tree head's `rootHash`, and the head's Ed25519 signature over
 *   the JCS of `{treeSize, rootHash, timestamp}` must verify with the notary's public key.
 * DOM-free (Web Crypto exists in browsers and in Node), so it is unit-tested in Node.
 */
import canonicalize from 'canonicalize';
import type { AuditRecord, InclusionProof, NotaryPublicKey, SignedTreeHead } from '@stays/contracts';

/**
 * Why an event did or did not verify; `verified` only when every check passed. `pending`:
 * the event is newer than the latest signed head (the notary signs at least every 10 s).
 */
export type Verdict =
  { readonly verified: true; readonly treeSize: number } | { readonly verified: false; readonly reason: 'signature' | 'proof' | 'malformed' | 'pending' };

const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;
const encoder = new TextEncoder();

async function sha256(...parts: Uint8Array[]): Promise<Uint8Array> {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return new Uint8Array(await crypto.subtle.digest('SHA-256', joined));
}

/** The RFC 8785 form of a JSON value, as bytes. */
function jcsBytes(value: unknown): Uint8Array<ArrayBuffer> {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('value has no JSON form');
  return encoder.encode(text);
}

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new TypeError('not hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export const bytesToHex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

export function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new TypeError('not base64url');
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** The Merkle leaf hash of a record as stored (RFC 9162 §2.1.1 over its RFC 8785 form). */
export const leafHashOf = (record: AuditRecord): Promise<Uint8Array> => sha256(Uint8Array.of(LEAF_PREFIX), jcsBytes(record));

/**
 * The root hash an inclusion proof leads to from `leafHash` (RFC 9162 §2.1.3.2), or null
 * when the proof cannot be one for that index and size. Halving by division, not by bit
 * shifts, keeps indexes above 2^31 exact.
 */
export async function rootFromInclusionProof(
  leafIndex: number,
  treeSize: number,
  leafHash: Uint8Array,
  auditPath: readonly Uint8Array[],
): Promise<Uint8Array | null> {
  if (!Number.isSafeInteger(leafIndex) || !Number.isSafeInteger(treeSize) || leafIndex < 0 || leafIndex >= treeSize) return null;
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leafHash;
  const node = Uint8Array.of(NODE_PREFIX);
  for (const p of auditPath) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = await sha256(node, p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn /= 2;
        sn = Math.floor(sn / 2);
      }
    } else {
      r = await sha256(node, r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
}

/** Whether the head's signature is the notary key's Ed25519 signature over the JCS of its three signed fields. */
export async function treeHeadSigned(head: SignedTreeHead, publicKey: NotaryPublicKey): Promise<boolean> {
  const key = await crypto.subtle.importKey('jwk', { kty: publicKey.kty, crv: publicKey.crv, x: publicKey.x }, { name: 'Ed25519' }, false, ['verify']);
  const signed = jcsBytes({ treeSize: head.treeSize, rootHash: head.rootHash, timestamp: head.timestamp });
  return crypto.subtle.verify('Ed25519', key, base64urlToBytes(head.signature), signed);
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((byte, i) => byte === b[i]);

/**
 * Verifies one record against a signed tree head: the head is signed by the notary, the
 * proof is for this record's leaf at the head's size, and it leads to the head's root.
 */
export async function verifyRecord(input: {
  readonly record: AuditRecord;
  readonly leafIndex: number;
  readonly proof: InclusionProof;
  readonly head: SignedTreeHead;
  readonly publicKey: NotaryPublicKey;
}): Promise<Verdict> {
  const { record, leafIndex, proof, head, publicKey } = input;
  try {
    if (!(await treeHeadSigned(head, publicKey))) return { verified: false, reason: 'signature' };
    if (proof.leafIndex !== leafIndex || proof.treeSize !== head.treeSize) return { verified: false, reason: 'proof' };
    const root = await rootFromInclusionProof(leafIndex, head.treeSize, await leafHashOf(record), proof.auditPath.map(hexToBytes));
    return root !== null && sameBytes(root, hexToBytes(head.rootHash)) ? { verified: true, treeSize: head.treeSize } : { verified: false, reason: 'proof' };
  } catch {
    // a key, signature or hash that does not even decode: nothing was proven
    return { verified: false, reason: 'malformed' };
  }
}
