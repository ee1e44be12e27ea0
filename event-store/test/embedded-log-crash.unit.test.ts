/**
 * Crash safety of the embedded log: a child process appends from many concurrent writers
 * and reports every acknowledged event; it is SIGKILLed mid-flight, several times over
 * on the same directory. After each kill the log must reopen with every acknowledged
 * event present, gap-free positions, contiguous revisions, no half-present append and no
 * partial record left in the file.
 *
 * SIGKILL loses the process, not the page cache, so this proves the write path and the
 * recovery logic; it cannot simulate power loss (that is what fdatasync before
 * acknowledging is for, and what the torn-tail unit tests imitate).
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openEmbeddedEventStore } from '../src/index.ts';
import { LOG_FILE_NAME } from '../src/embedded/embedded-event-store.ts';
import { HEADER_BYTES } from '../src/embedded/record-codec.ts';
import type { RecordedEvent } from '../src/port.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'append-until-killed.ts');
const ROUNDS = [300, 700, 450, 1000]; // acknowledged events to wait for before each kill

interface Ack {
  readonly id: string;
  readonly streamId: string;
  readonly revision: number;
}

describe('embedded log crash safety (SIGKILL mid-append)', function () {
  this.timeout(30_000);
  let dir: string;

  before(async function () {
    dir = await mkdtemp(join(tmpdir(), 'stays-crash-'));
  });

  after(async function () {
    await rm(dir, { recursive: true, force: true });
  });

  it(`keeps every acknowledged event across ${ROUNDS.length} kills`, async function () {
    const acknowledged: Ack[] = [];
    for (const [round, acksBeforeKill] of ROUNDS.entries()) {
      const acks = await runAndKill(dir, acksBeforeKill);
      expect(acks.length, `round ${round}: acknowledgements before the kill`).to.be.at.least(acksBeforeKill);
      acknowledged.push(...acks);

      const store = await openEmbeddedEventStore(dir, { logger: { warn: () => undefined } });
      try {
        const all = await store.readAll();
        expectEveryAcknowledgedEventPresent(all, acknowledged);
        expect(
          all.map((e) => e.position),
          'positions',
        ).to.deep.equal(all.map((_, i) => i));
        expectContiguousRevisions(all);
        expectWholeAppends(all);
      } finally {
        await store.close();
      }
      expectNoPartialRecord(await readFile(join(dir, LOG_FILE_NAME)));
    }
  });
});

/** Starts the writer, waits for `acksBeforeKill` acknowledgements, SIGKILLs it. */
function runAndKill(dir: string, acksBeforeKill: number): Promise<Ack[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    const acks: Ack[] = [];
    let stderr = '';
    let killed = false;
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // readline only yields complete lines: a line cut by the kill is not an acknowledgement.
    createInterface({ input: child.stdout }).on('line', (line) => {
      const [kind, id, streamId, revision] = line.split(' ');
      if (kind !== 'ack') return;
      acks.push({ id, streamId, revision: Number(revision) });
      if (!killed && acks.length >= acksBeforeKill) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal === 'SIGKILL') resolve(acks);
      else reject(new Error(`writer exited on its own (code ${code}): ${stderr}`));
    });
  });
}

function expectEveryAcknowledgedEventPresent(all: readonly RecordedEvent[], acknowledged: readonly Ack[]): void {
  const byId = new Map(all.map((e) => [e.id, e]));
  const missing = acknowledged.filter((ack) => !byId.has(ack.id));
  expect(missing, 'acknowledged events missing after the crash').to.deep.equal([]);
  for (const ack of acknowledged) {
    const event = byId.get(ack.id)!;
    expect([event.streamId, event.revision]).to.deep.equal([ack.streamId, ack.revision]);
  }
}

function expectContiguousRevisions(all: readonly RecordedEvent[]): void {
  const next = new Map<string, number>();
  for (const event of all) {
    expect(event.revision, `revision of ${event.streamId}`).to.equal(next.get(event.streamId) ?? 0);
    next.set(event.streamId, event.revision + 1);
  }
}

function expectWholeAppends(all: readonly RecordedEvent[]): void {
  const appends = new Map<string, { size: number; count: number }>();
  for (const event of all) {
    const appendId = String(event.metadata.appendId);
    const entry = appends.get(appendId) ?? { size: Number(event.metadata.appendSize), count: 0 };
    entry.count++;
    appends.set(appendId, entry);
  }
  const torn = [...appends].filter(([, a]) => a.count !== a.size);
  expect(torn, 'appends only partly present').to.deep.equal([]);
}

/** The file is exactly a sequence of whole records: recovery left no partial one behind. */
function expectNoPartialRecord(bytes: Buffer): void {
  let offset = 0;
  while (offset + HEADER_BYTES <= bytes.length) offset += HEADER_BYTES + bytes.readUInt32BE(offset + 4);
  expect(offset, 'log ends on a record boundary').to.equal(bytes.length);
}
