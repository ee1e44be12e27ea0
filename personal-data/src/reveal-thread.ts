/**
 * A worker thread that opens sealed personal fields (record-cipher.ts) off the thread that
 * runs the projections: for each value it unwraps the subject's data key under the master
 * key and opens the ciphertext. What the values mean (which fields, whose, the additional
 * data) stays on the calling side, and so does reading the wrapped keys from the key store
 * (one `wrappedKeys` call per request): the thread only runs AES-256-GCM.
 *
 * Why a thread: a replay's first read of a person costs ~15–20 µs of AES-GCM (unwrapping the
 * key 5–8 µs, opening the record ~10 µs, most of each in setting up a cipher context), which on
 * the projections' thread is about a third of a replay of registrations and sign-ins; done here
 * for the next batch while the projections apply the current one, it uses the second core.
 *
 * The answer is one JSON text for the whole request (each value's plain JSON, or a number
 * saying why there is none), so the calling thread parses once per batch instead of once per
 * record and receives one string instead of one per value.
 *
 * The thread's source is plain JavaScript, evaluated: a TypeScript worker has to load tsx
 * first (node 20 does not hand the loader to threads), 250–330 ms at every start against
 * 28–33 ms for this (personal data benchmark), and a replay is over in about a second.
 *
 * Every request brings the wrapped keys as the key store holds them when it is made, so a key
 * destroyed in this process is gone from the next one, and the caller tells an answer read
 * before a destroy from one read after it by the key store's destroyCount(). The thread
 * remembers what it unwrapped (up to UNWRAPPED_KEYS subjects) only as the result of
 * unwrapping those very bytes: it uses a key again only when a request brings the same wrapped
 * bytes, and forgets a subject as soon as a request brings none for it. A product's log names
 * a guest in every booking, batch after batch, and unwrapping is a third of the thread's work
 * per value.
 *
 * It says it is ready once it has opened a value of its own: the first use of AES-GCM in a
 * thread loads node's crypto internals (some 20–60 ms in the benchmark's CPU profiles),
 * which would otherwise hold up the first batch sent to it.
 */
import { Worker } from 'node:worker_threads';
import type { KeysForThread } from './key-store.ts';

/** Sealed values to open, a column each, an entry per value: whose key, the IV and ciphertext ‖ tag (base64url), and the additional data. */
export interface SealedValues {
  readonly subjects: string[];
  readonly ivs: string[];
  readonly bodies: string[];
  readonly additionalData: string[];
}

/** Why a value did not open, where its plain values would be. */
export type NotOpened = typeof NO_KEY | typeof KEY_DAMAGED | typeof NOT_OPENING;
/** The subject has no key (never had one, or it was destroyed). */
export const NO_KEY = 0;
/** The subject's wrapped key does not unwrap under the master key. */
export const KEY_DAMAGED = 1;
/** The value does not open under the subject's key (altered, or moved from elsewhere). */
export const NOT_OPENING = 2;

interface Request {
  readonly id: number;
  /** Per subject of the request: the subject (the wrapped key's additional data), and where its wrapped key ends in `wrapped` (none: where the one before ends). */
  readonly subjects: readonly string[];
  readonly wrappedEnds: readonly number[];
  readonly wrapped: Uint8Array;
  /** Per value: the index of its subject above, its IV, ciphertext ‖ tag and additional data. */
  readonly keyIndex: readonly number[];
  readonly ivs: readonly string[];
  readonly bodies: readonly string[];
  readonly additionalData: readonly string[];
}

/** `opened`: a JSON array, per value its plain JSON or a NotOpened code. */
type Answer = { readonly id: number; readonly opened: string } | { readonly id: number; readonly error: string } | { readonly ready: true };

/** Longest the callers wait for the thread to come up (32–55 ms in the personal data benchmark, more on a loaded machine). */
const START_WAIT_MS = 2_000;

/** Subjects whose unwrapped key the thread remembers; past it, it starts again (a replay meets each person's events close together). */
const UNWRAPPED_KEYS = 10_000;

/**
 * The thread. A wrapped key is IV (12 bytes) ‖ ciphertext ‖ tag (16 bytes) under the master
 * key with the subject as additional data (key-store.ts's wrap); a data key is 32 bytes.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createDecipheriv } = require('node:crypto');
const masterKey = Buffer.from(workerData.masterKey);
const IV_BYTES = 12, TAG_BYTES = 16, DATA_KEY_BYTES = 32, UNWRAPPED_KEYS = ${UNWRAPPED_KEYS};
const unwrapped = new Map();
const [NO_KEY, KEY_DAMAGED, NOT_OPENING] = [${NO_KEY}, ${KEY_DAMAGED}, ${NOT_OPENING}];
function open(key, iv, additionalData, body) {
  if (body.length < TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(additionalData);
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]);
  } catch {
    return undefined;
  }
}
function dataKey(wrapped, subject) {
  if (wrapped.length === 0) {
    unwrapped.delete(subject);
    return NO_KEY;
  }
  const known = unwrapped.get(subject);
  if (known !== undefined && known.wrapped.equals(wrapped)) return known.key;
  if (wrapped.length < IV_BYTES + TAG_BYTES) return KEY_DAMAGED;
  const key = open(masterKey, wrapped.subarray(0, IV_BYTES), Buffer.from(subject, 'utf8'), wrapped.subarray(IV_BYTES));
  if (key === undefined || key.length !== DATA_KEY_BYTES) return KEY_DAMAGED;
  if (unwrapped.size >= UNWRAPPED_KEYS) unwrapped.clear();
  unwrapped.set(subject, { wrapped: Buffer.from(wrapped), key });
  return key;
}
{
  const { createCipheriv, randomBytes } = require('node:crypto');
  const key = randomBytes(DATA_KEY_BYTES), iv = randomBytes(IV_BYTES), cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update('[]'), cipher.final(), cipher.getAuthTag()]);
  open(key, iv, Buffer.alloc(0), body);
  parentPort.postMessage({ ready: true });
}
parentPort.on('message', (request) => {
  try {
    const wrapped = Buffer.from(request.wrapped.buffer, request.wrapped.byteOffset, request.wrapped.byteLength);
    const keys = request.subjects.map((subject, i) => dataKey(wrapped.subarray(i === 0 ? 0 : request.wrappedEnds[i - 1], request.wrappedEnds[i]), subject));
    const opened = request.keyIndex.map((k, i) => {
      const key = keys[k];
      if (typeof key === 'number') return key;
      const plain = open(key, Buffer.from(request.ivs[i], 'base64url'), Buffer.from(request.additionalData[i], 'utf8'), Buffer.from(request.bodies[i], 'base64url'));
      return plain === undefined ? NOT_OPENING : plain.toString('utf8');
    });
    parentPort.postMessage({ id: request.id, opened: '[' + opened.join(',') + ']' });
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: String(error && error.message || error) });
  }
});
`;

export class RevealThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (opened: string) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private warm = false;
  private stopped: Error | null = null;
  private settleStart!: (up: boolean) => void;
  /**
   * Resolves to true once the thread is up, or to false if it stops before or is not up
   * within START_WAIT_MS (a thread that never comes up must not hold its callers: they
   * reveal on their own thread meanwhile).
   */
  readonly started = new Promise<boolean>((resolve) => (this.settleStart = resolve));

  /** Starts the thread; it takes some 30 ms to come up, and `ready` tells when it has. */
  constructor(private readonly keys: KeysForThread) {
    // execArgv: none of the parent's (its TypeScript loader under tsx): the thread is plain JavaScript, and loading
    // them took its start from a median of 39 to 50 ms (10 starts each under `npx tsx`)
    this.worker = new Worker(THREAD_SOURCE, { eval: true, execArgv: [], workerData: { masterKey: new Uint8Array(keys.masterKey) } });
    // the thread never keeps the process alive: one whose owner forgot close() still exits
    this.worker.unref();
    this.worker.on('message', (answer: Answer) => {
      if ('ready' in answer) {
        this.warm = true;
        this.settleStart(true);
        return;
      }
      const waiting = this.pending.get(answer.id);
      if (waiting === undefined) return;
      this.pending.delete(answer.id);
      if ('error' in answer) waiting.reject(new Error(`reading personal data keys: ${answer.error}`));
      else waiting.resolve(answer.opened);
    });
    setTimeout(() => this.settleStart(false), START_WAIT_MS).unref();
    this.worker.on('error', (error) => this.stop(error));
    this.worker.on('exit', () => this.stop(new Error('the personal data reveal thread stopped')));
  }

  /** Whether it is up and running: requests made before would wait for its start. */
  get ready(): boolean {
    return this.warm && this.stopped === null;
  }

  /**
   * Each value's plain values (parsed from the plain JSON), or why it did not open, in order.
   * Rejects when the thread is stopped or the answer is not JSON (a value that opened but is
   * not JSON: the caller reveals such a batch again itself, value by value).
   */
  async open(values: SealedValues): Promise<readonly unknown[]> {
    if (this.stopped !== null) throw this.stopped;
    const subjectIndex = new Map<string, number>();
    const subjects: string[] = [];
    const keyIndex = values.subjects.map((subject) => {
      let index = subjectIndex.get(subject);
      if (index === undefined) {
        index = subjects.push(subject) - 1;
        subjectIndex.set(subject, index);
      }
      return index;
    });
    const wrappedKeys = await this.keys.wrappedKeys(subjects);
    const wrappedEnds: number[] = [];
    let end = 0;
    for (const wrapped of wrappedKeys) wrappedEnds.push((end += wrapped?.length ?? 0));
    const request: Request = {
      id: this.nextId++, subjects, wrappedEnds, wrapped: Buffer.concat(wrappedKeys.filter((wrapped) => wrapped !== undefined)), keyIndex,
      ivs: values.ivs, bodies: values.bodies, additionalData: values.additionalData,
    };
    if (this.stopped !== null) throw this.stopped;
    const opened = await new Promise<string>((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      this.worker.postMessage(request);
    });
    return JSON.parse(opened) as unknown[];
  }

  async close(): Promise<void> {
    this.stop(new Error('the personal data reveal thread was closed'));
    await this.worker.terminate();
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    this.settleStart(false);
    for (const { reject } of this.pending.values()) reject(this.stopped);
    this.pending.clear();
  }
}
