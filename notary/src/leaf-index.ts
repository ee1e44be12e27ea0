/**
 * The one-process mode's index of the auditors' log: per leaf, the keys the auditors'
 * reads filter by (LeafQuery), 32 bytes a leaf, held in memory as typed arrays and appended
 * to a file beside the leaf archive (docs/decisions/0020). Keys of few values (category,
 * type, actor) are ids into string dictionaries, appended to a file of their own; the
 * stream and booking keys, of about as many values as leaves, are 32-bit hashes, so no
 * dictionary grows with the log: a leaf whose hash matches is read from the log and its
 * key compared before it is answered. A query scans the rows (a few milliseconds over a
 * million leaves, bench/notary.bench.ts).
 *
 * Row of leaf i: position (float64), recordedAt in ms (float64), stream hash, booking hash
 * (0: none), actor id (uint32 each), category id and type id (uint16 each).
 */
import { mkdir, open, readFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { RecordedEvent } from '@stays/event-store';
import { leafRecord } from './merkle.ts';
import { auditLogDocument, type AuditLogDocument } from './stored-tree.ts';
import { isProductActor, type LeafQuery, type LoggedRecord, type NotarisedLog } from './queries.ts';
import { writeWhole } from '@stays/event-store';

export const LEAF_KEYS_FILE = 'leaf-keys.bin';
export const KEY_STRINGS_FILE = 'leaf-key-strings.jsonl';
export const ROW_BYTES = 32;
const ROW_WORDS = ROW_BYTES / 4;
/** Rows per in-memory chunk: memory grows by whole chunks, never by copying the index. */
const CHUNK_ROWS = 1 << 16;

type DictionaryKind = 'category' | 'type' | 'actor';
const DICTIONARY_LIMITS: Record<DictionaryKind, number> = { category: 0xffff, type: 0xffff, actor: 0xffffffff };

/** FNV-1a over the UTF-16 code units; never 0 (0 is "no booking"). */
export function keyHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0 || 1;
}

class Dictionary {
  readonly strings: string[] = [];
  private readonly ids = new Map<string, number>();

  constructor(readonly limit: number) {}

  idOf(text: string): number | undefined {
    return this.ids.get(text);
  }

  add(text: string): number {
    if (this.strings.length >= this.limit) throw new Error(`the leaf index holds at most ${this.limit} distinct values of a key`);
    this.ids.set(text, this.strings.length);
    return this.strings.push(text) - 1;
  }
}

export class LeafIndex {
  private readonly chunks: Uint32Array[] = [];
  private rows = 0;
  private readonly dictionaries: Record<DictionaryKind, Dictionary> = {
    category: new Dictionary(DICTIONARY_LIMITS.category),
    type: new Dictionary(DICTIONARY_LIMITS.type),
    actor: new Dictionary(DICTIONARY_LIMITS.actor),
  };
  /** Per actor id: 1 when it is one of the product's own (LeafQuery.productActors). */
  private productActor = new Uint8Array(64);
  /** Dictionary lines written by append() and not yet synced. */
  private pendingStrings: string[] = [];

  private constructor(
    private readonly keysFile: FileHandle,
    private readonly stringsFile: FileHandle,
  ) {}

  /**
   * Opens the index of the first `leaves` leaves (the notary's checkpoint): rows beyond are
   * cut (written after the checkpoint, or torn by a crash). Null when the files hold fewer
   * rows, or rows naming strings the dictionary file lacks: the caller rebuilds.
   */
  static async open(dir: string, leaves: number): Promise<LeafIndex | null> {
    await mkdir(dir, { recursive: true });
    const keysFile = await open(path.join(dir, LEAF_KEYS_FILE), 'a+');
    const stringsFile = await open(path.join(dir, KEY_STRINGS_FILE), 'a+');
    const index = new LeafIndex(keysFile, stringsFile);
    const text = await readFile(path.join(dir, KEY_STRINGS_FILE), 'utf8');
    const complete = text.slice(0, text.lastIndexOf('\n') + 1);
    if (complete.length !== text.length) await stringsFile.truncate(Buffer.byteLength(complete));
    const size = (await keysFile.stat()).size;
    if (!index.readStrings(complete) || size < leaves * ROW_BYTES || !(await index.load(leaves))) {
      await index.close();
      return null;
    }
    if (size > leaves * ROW_BYTES) await keysFile.truncate(leaves * ROW_BYTES);
    return index;
  }

  /** Empties the index and its dictionaries (the notary rebuilds from the log). */
  static async reset(dir: string): Promise<LeafIndex> {
    await mkdir(dir, { recursive: true });
    for (const file of [LEAF_KEYS_FILE, KEY_STRINGS_FILE]) {
      const handle = await open(path.join(dir, file), 'a+');
      await handle.truncate(0);
      await handle.close();
    }
    return (await LeafIndex.open(dir, 0))!;
  }

  /** The dictionaries from their file's complete lines; false when a line is not one this index wrote. */
  private readStrings(lines: string): boolean {
    for (const line of lines.split('\n')) {
      if (line === '') continue;
      let entry: unknown;
      try {
        entry = JSON.parse(line);
      } catch {
        return false;
      }
      if (!Array.isArray(entry) || !(entry[0] in DICTIONARY_LIMITS) || typeof entry[1] !== 'string') return false;
      this.addString(entry[0] as DictionaryKind, entry[1]);
    }
    return true;
  }

  private async load(leaves: number): Promise<boolean> {
    const bytes = Buffer.allocUnsafe(CHUNK_ROWS * ROW_BYTES);
    const { category, type, actor } = this.dictionaries;
    for (let first = 0; first < leaves; first += CHUNK_ROWS) {
      const rows = Math.min(CHUNK_ROWS, leaves - first);
      await this.keysFile.read(bytes, 0, rows * ROW_BYTES, first * ROW_BYTES);
      const chunk = new Uint32Array(CHUNK_ROWS * ROW_WORDS);
      new Uint8Array(chunk.buffer).set(bytes.subarray(0, rows * ROW_BYTES));
      for (let row = 0; row < rows; row++) {
        const at = row * ROW_WORDS;
        if (chunk[at + 6]! >= actor.strings.length || (chunk[at + 7]! & 0xffff) >= category.strings.length || chunk[at + 7]! >>> 16 >= type.strings.length)
          return false;
      }
      this.chunks.push(chunk);
    }
    this.rows = leaves;
    return true;
  }

  get size(): number {
    return this.rows;
  }

  private addString(kind: DictionaryKind, value: string): number {
    const id = this.dictionaries[kind].add(value);
    if (kind === 'actor') {
      if (id >= this.productActor.length) {
        const grown = new Uint8Array(this.productActor.length * 2);
        grown.set(this.productActor);
        this.productActor = grown;
      }
      this.productActor[id] = isProductActor(value) ? 1 : 0;
    }
    return id;
  }

  private id(kind: DictionaryKind, value: string): number {
    const known = this.dictionaries[kind].idOf(value);
    if (known !== undefined) return known;
    this.pendingStrings.push(`${JSON.stringify([kind, value])}\n`);
    return this.addString(kind, value);
  }

  /** Adds the rows of leaves size, size + 1, ... (durable after sync()). */
  async append(events: readonly RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const rows = new Uint32Array(events.length * ROW_WORDS);
    const floats = new Float64Array(rows.buffer);
    events.forEach((event, i) => {
      const keys = auditLogDocument(this.rows + i, event);
      const at = i * ROW_WORDS;
      floats[at / 2] = keys.position;
      floats[at / 2 + 1] = Date.parse(keys.recordedAt);
      rows[at + 4] = keyHash(keys.streamId);
      rows[at + 5] = keys.bookingID === undefined ? 0 : keyHash(keys.bookingID);
      rows[at + 6] = this.id('actor', keys.actor);
      rows[at + 7] = this.id('category', keys.category) | (this.id('type', keys.type) << 16);
    });
    if (this.pendingStrings.length > 0) await writeWhole(this.stringsFile, Buffer.from(this.pendingStrings.splice(0).join('')));
    await writeWhole(this.keysFile, new Uint8Array(rows.buffer, 0, rows.byteLength), this.rows * ROW_BYTES);
    for (let i = 0; i < events.length; i++) {
      const row = this.rows + i;
      const chunk = Math.floor(row / CHUNK_ROWS);
      if (chunk === this.chunks.length) this.chunks.push(new Uint32Array(CHUNK_ROWS * ROW_WORDS));
      this.chunks[chunk]!.set(rows.subarray(i * ROW_WORDS, (i + 1) * ROW_WORDS), (row % CHUNK_ROWS) * ROW_WORDS);
    }
    this.rows += events.length;
  }

  async sync(): Promise<void> {
    await this.stringsFile.datasync();
    await this.keysFile.datasync();
  }

  async close(): Promise<void> {
    await this.keysFile.close();
    await this.stringsFile.close();
  }

  /** Bytes the rows and dictionaries hold in memory (the benchmark's figure). */
  memoryBytes(): number {
    return this.chunks.length * CHUNK_ROWS * ROW_BYTES + this.productActor.length;
  }

  /**
   * The leaves matching `query` in log order, `skip` and `limit` applied, with their records
   * read from `log`. Leaves matched by a stream or booking hash are checked against their
   * record before they count.
   */
  async find(query: LeafQuery, log: NotarisedLog, page: { readonly skip?: number; readonly limit?: number } = {}): Promise<LoggedRecord[]> {
    const skip = page.skip ?? 0;
    const limit = page.limit ?? Infinity;
    if (!this.hashed(query)) {
      const leaves = this.scan(query, skip + limit).slice(skip);
      return this.logged(leaves, log);
    }
    const exact = (await this.logged(this.scan(query, Infinity), log)).filter((logged) => matchesExactly(logged, query));
    return exact.slice(skip, skip + limit);
  }

  async count(query: LeafQuery, log: NotarisedLog): Promise<number> {
    if (!this.hashed(query)) return this.scan(query, Infinity).length;
    return (await this.find(query, log)).length;
  }

  private hashed(query: LeafQuery): boolean {
    return query.streamId !== undefined || query.bookingID !== undefined;
  }

  private async logged(leaves: readonly number[], log: NotarisedLog): Promise<LoggedRecord[]> {
    if (leaves.length === 0) return [];
    const positions = leaves.map((leaf) => this.positionOf(leaf));
    const records = new Map((await log.readAt(positions)).map((record) => [record.position, record]));
    return leaves.map((leaf, i) => {
      const record = records.get(positions[i]!);
      // the notary indexed an event the log no longer holds: the log changed under it (verify-log names where)
      if (record === undefined) throw new Error(`leaf ${leaf}: the log holds no event at position ${positions[i]}; run npm run verify-log`);
      return { ...auditLogDocument(leaf, record), record: leafRecord(record) };
    });
  }

  positionOf(leaf: number): number {
    const chunk = this.chunks[Math.floor(leaf / CHUNK_ROWS)]!;
    return new Float64Array(chunk.buffer)[(leaf % CHUNK_ROWS) * (ROW_WORDS / 2)]!;
  }

  /**
   * Leaf indexes whose row matches every key of `query` (stream and booking by hash), in
   * order, at most `wanted`. A value the dictionaries never saw matches nothing.
   */
  private scan(query: LeafQuery, wanted: number): number[] {
    const found: number[] = [];
    const none = (kind: DictionaryKind, value: string | undefined): number | null | undefined =>
      value === undefined ? undefined : (this.dictionaries[kind].idOf(value) ?? null);
    const category = none('category', query.category);
    const notCategory = none('category', query.notCategory);
    const type = none('type', query.type);
    const actor = none('actor', query.actor);
    if (category === null || type === null || actor === null) return found;
    const stream = query.streamId === undefined ? 0 : keyHash(query.streamId);
    const booking = query.bookingID === undefined ? 0 : keyHash(query.bookingID);
    const from = Math.max(0, query.afterLeaf === undefined ? 0 : Math.floor(query.afterLeaf) + 1);
    const to = Math.min(
      this.rows,
      query.beforeLeaf === undefined ? Infinity : Math.ceil(query.beforeLeaf),
      query.upToLeaf === undefined ? Infinity : Math.floor(query.upToLeaf) + 1,
    );
    const recordedFrom = query.recordedFrom === undefined ? -Infinity : Date.parse(query.recordedFrom);
    const recordedTo = query.recordedTo === undefined ? Infinity : Date.parse(query.recordedTo);
    const timed = query.recordedFrom !== undefined || query.recordedTo !== undefined;
    const productActors = query.productActors === true;
    for (let leaf = from; leaf < to && found.length < wanted;) {
      const chunkIndex = Math.floor(leaf / CHUNK_ROWS);
      const rows = this.chunks[chunkIndex]!;
      const floats = new Float64Array(rows.buffer);
      const end = Math.min(to, (chunkIndex + 1) * CHUNK_ROWS);
      for (; leaf < end; leaf++) {
        const at = (leaf - chunkIndex * CHUNK_ROWS) * ROW_WORDS;
        const kinds = rows[at + 7]!;
        if (category !== undefined && (kinds & 0xffff) !== category) continue;
        if (notCategory !== undefined && notCategory !== null && (kinds & 0xffff) === notCategory) continue;
        if (type !== undefined && kinds >>> 16 !== type) continue;
        if (actor !== undefined && rows[at + 6] !== actor) continue;
        if (productActors && this.productActor[rows[at + 6]!] !== 1) continue;
        if (stream !== 0 && rows[at + 4] !== stream) continue;
        if (booking !== 0 && rows[at + 5] !== booking) continue;
        if (timed) {
          const recordedAt = floats[at / 2 + 1]!;
          if (recordedAt < recordedFrom || recordedAt > recordedTo) continue;
        }
        found.push(leaf);
        if (found.length >= wanted) break;
      }
    }
    return found;
  }

  /** The first of `streamIds` some leaf belongs to, or null. */
  async firstStreamOf(streamIds: readonly string[], log: NotarisedLog): Promise<string | null> {
    for (const streamId of streamIds) {
      const candidates = this.scan({ streamId }, Infinity);
      // a hash shared with another stream: its leaves are read until one is the stream's own
      for (let i = 0; i < candidates.length; i += 100) {
        const logged = await this.logged(candidates.slice(i, i + 100), log);
        if (logged.some((entry) => entry.streamId === streamId)) return streamId;
      }
    }
    return null;
  }
}

/** The keys a hash matched, compared as the read store's collection compares them. */
function matchesExactly(logged: AuditLogDocument, query: LeafQuery): boolean {
  return (query.streamId === undefined || logged.streamId === query.streamId) && (query.bookingID === undefined || logged.bookingID === query.bookingID);
}
