/**
 * Signed tree heads: Ed25519 over the RFC 8785 JSON of {treeSize, rootHash, timestamp}, and
 * where they are kept. They must outlive the read store, which the one-process mode rebuilds
 * at every start: there they go to an append-only file under DATA_DIR/notary (fsynced);
 * in production to a MongoDB collection of their own.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { mkdir, open, readFile, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { NotaryPublicKey, SignedTreeHead, TreeHeadFields } from '@stays/contracts';
import type { ReadStore } from '@stays/read-store';
import { canonicalJson } from '@stays/event-store';
import { writeWhole } from '@stays/event-store';

export const TREE_HEADS_COLLECTION = 'audit_tree_heads';
export const TREE_HEADS_FILE = 'tree-heads.jsonl';

/** The bytes a head's signature covers. */
export function signedBytes(head: TreeHeadFields): Buffer {
  return Buffer.from(canonicalJson({ treeSize: head.treeSize, rootHash: head.rootHash, timestamp: head.timestamp }), 'utf8');
}

export class NotarySigner {
  readonly publicKey: KeyObject;

  constructor(private readonly privateKey: KeyObject) {
    if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the notary signing key must be an Ed25519 private key');
    this.publicKey = createPublicKey(privateKey);
  }

  sign(fields: TreeHeadFields): SignedTreeHead {
    return { ...fields, signature: sign(null, signedBytes(fields), this.privateKey).toString('base64url') };
  }

  publicJwk(): NotaryPublicKey {
    return publicJwkOf(this.publicKey);
  }
}

/** The public key as a JWK, with its RFC 7638 thumbprint as kid. */
export function publicJwkOf(publicKey: KeyObject): NotaryPublicKey {
  const { x } = publicKey.export({ format: 'jwk' });
  const thumbprint = createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x!}"}`).digest('base64url');
  return { kty: 'OKP', crv: 'Ed25519', x: x!, kid: thumbprint };
}

export function verifyTreeHead(head: SignedTreeHead, publicKey: KeyObject): boolean {
  return verify(null, signedBytes(head), publicKey, Buffer.from(head.signature, 'base64url'));
}

const NOTARY_KEY_FILE = 'notary-signing.key.pem';

/** The notary's key from NOTARY_SIGNING_KEY or DATA_DIR/keys, null when there is none. */
export async function loadNotarySigner(fromEnvironment: string | undefined, keysDir: string): Promise<NotarySigner | null> {
  if (fromEnvironment) return new NotarySigner(createPrivateKey(fromEnvironment));
  try {
    return new NotarySigner(createPrivateKey(await readFile(path.join(keysDir, NOTARY_KEY_FILE), 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The notary's key: NOTARY_SIGNING_KEY (PKCS#8 PEM) in production; the one-process mode
 * creates one under DATA_DIR/keys once and keeps it.
 */
export async function loadOrCreateNotarySigner(fromEnvironment: string | undefined, keysDir: string): Promise<NotarySigner> {
  const existing = await loadNotarySigner(fromEnvironment, keysDir);
  if (existing !== null) return existing;
  const file = path.join(keysDir, NOTARY_KEY_FILE);
  await mkdir(keysDir, { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ed25519');
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
  await rename(temp, file);
  return new NotarySigner(privateKey);
}

/** Heads in the order they were signed (tree sizes never decrease). */
export interface TreeHeadStore {
  append(head: SignedTreeHead): Promise<void>;
  latest(): Promise<SignedTreeHead | null>;
  /** Heads whose tree size is at least `fromSize`, oldest first. */
  page(fromSize: number, skip: number, limit: number): Promise<{ items: SignedTreeHead[]; total: number }>;
}

const headOf = (value: SignedTreeHead): SignedTreeHead => ({
  treeSize: value.treeSize,
  rootHash: value.rootHash,
  timestamp: value.timestamp,
  signature: value.signature,
});

/** One JSON line per head, appended and fsynced; a line torn by a crash is dropped when opened. */
export class FileTreeHeadStore implements TreeHeadStore {
  private constructor(
    private readonly file: string,
    private readonly heads: SignedTreeHead[],
    /** Bytes of the whole lines written: a failed append is cut back to it. */
    private bytes: number,
    private readonly faults: (operation: string) => void,
  ) {}

  /** `faults` (tests and fault campaigns): called before each write, throws to fail it as a full or failing disk would. */
  static async open(dir: string, faults: (operation: string) => void = () => undefined): Promise<FileTreeHeadStore> {
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, TREE_HEADS_FILE);
    const { text, complete } = await readHeadLines(file);
    if (complete.length !== text.length) await writeFile(file, complete);
    return new FileTreeHeadStore(file, headsOf(complete), Buffer.byteLength(complete), faults);
  }

  async append(head: SignedTreeHead): Promise<void> {
    const line = `${JSON.stringify(headOf(head))}\n`;
    const handle = await open(this.file, 'a');
    try {
      this.faults('write');
      await writeWhole(handle, Buffer.from(line));
      await handle.sync();
    } catch (error) {
      // part of a line left by a full disk would glue the next head to it
      await handle.truncate(this.bytes).catch(() => undefined);
      throw error;
    } finally {
      await handle.close();
    }
    this.bytes += Buffer.byteLength(line);
    this.heads.push(headOf(head));
  }

  async latest(): Promise<SignedTreeHead | null> {
    return this.heads.at(-1) ?? null;
  }

  async page(fromSize: number, skip: number, limit: number): Promise<{ items: SignedTreeHead[]; total: number }> {
    const matching = this.heads.filter((head) => head.treeSize >= fromSize);
    return { items: matching.slice(skip, skip + limit), total: matching.length };
  }
}

/** The heads of a head file, read-only beside the notary that appends to it (a line it is writing is left out). */
export async function readTreeHeadsFile(dir: string): Promise<SignedTreeHead[]> {
  return headsOf((await readHeadLines(path.join(dir, TREE_HEADS_FILE))).complete);
}

async function readHeadLines(file: string): Promise<{ text: string; complete: string }> {
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return { text, complete: text.slice(0, text.lastIndexOf('\n') + 1) };
}

const headsOf = (lines: string): SignedTreeHead[] =>
  lines
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => headOf(JSON.parse(line) as SignedTreeHead));

interface HeadDocument extends SignedTreeHead, Record<string, unknown> {
  /** The tree size: a head is signed only for a tree that grew. */
  _id: number;
}

/** Production: a MongoDB collection of their own, never dropped by a rebuild. */
export class ReadStoreTreeHeadStore implements TreeHeadStore {
  constructor(private readonly store: ReadStore) {}

  private get heads() {
    return this.store.collection<HeadDocument>(TREE_HEADS_COLLECTION);
  }

  async append(head: SignedTreeHead): Promise<void> {
    await this.heads.replaceOne({ _id: head.treeSize }, { _id: head.treeSize, ...headOf(head) }, { upsert: true });
  }

  async latest(): Promise<SignedTreeHead | null> {
    const [last] = await this.heads.find({}, { sort: { _id: -1 }, limit: 1 });
    return last === undefined ? null : headOf(last);
  }

  async page(fromSize: number, skip: number, limit: number): Promise<{ items: SignedTreeHead[]; total: number }> {
    const filter = { _id: { $gte: fromSize } };
    const [items, total] = await Promise.all([this.heads.find(filter, { sort: { _id: 1 }, skip, limit }), this.heads.countDocuments(filter)]);
    return { items: items.map(headOf), total };
  }
}
