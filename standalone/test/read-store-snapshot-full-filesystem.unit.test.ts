/**
 * The read store's snapshot file written on a real filesystem that hovers at full (a small
 * tmpfs filled to the last byte while pages come free one at a time, as other writers delete
 * files): a write may then take part of its bytes and succeed, and only the next one fail or
 * go on past a hole. Every snapshot that `writeSnapshotFile` reports written must read back
 * whole; one it cannot write whole it must refuse. Mounting needs root: elsewhere skipped,
 * saying why.
 */
import { mkdtemp, rm, truncate } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { readSnapshotFile, writeSnapshotFile, type Snapshot } from '@stays/read-store';
import { mountSmallFilesystem, whyNoSmallFilesystem, type SmallFilesystem } from '@stays/service-kit/testing';

const cannotMount = whyNoSmallFilesystem();
const PAGE = 4096;

describe(`the read store's snapshot on a filesystem that hovers at full${cannotMount ? ` (skipped: ${cannotMount})` : ''}`, function () {
  this.timeout(60_000);
  let root: string;
  let filesystem: SmallFilesystem;
  const delayBefore = process.env.STAYS_SNAPSHOT_CHUNK_DELAY_MS;

  before(async function () {
    if (cannotMount) this.skip();
    root = await mkdtemp(path.join(os.tmpdir(), 'snapshot-full-fs-'));
    filesystem = await mountSmallFilesystem(path.join(root, 'fs'), 8 << 20);
    // a pause between frames, in which the space freed meanwhile is taken
    process.env.STAYS_SNAPSHOT_CHUNK_DELAY_MS = '5';
  });
  after(async () => {
    if (delayBefore === undefined) delete process.env.STAYS_SNAPSHOT_CHUNK_DELAY_MS;
    else process.env.STAYS_SNAPSHOT_CHUNK_DELAY_MS = delayBefore;
    await filesystem?.unmount();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const snapshot: Snapshot = {
    origin: { position: 1, eventId: 'event-1' },
    takenAt: new Date('2026-11-27T10:00:00Z'),
    collections: [{ name: 'bookings', indexes: [], documents: Array.from({ length: 20_000 }, (_, i) => ({ _id: `b${i}`, note: 'n'.repeat(40 + (i % 20)) })) }],
  };

  it('is whole whenever it is reported written, and refused otherwise', async () => {
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      await filesystem.drain();
      let ballast = await filesystem.fill();
      let writing = true;
      const freeing = (async () => {
        for (; writing && ballast > 0; await sleep(1)) await truncate(path.join(filesystem.dir, 'ballast'), (ballast -= 2 * PAGE));
      })();
      const file = path.join(filesystem.dir, `snapshot-${attempt}`);
      const written = await writeSnapshotFile(file, snapshot).then(
        () => true,
        (error: NodeJS.ErrnoException) => (expect(error.code).to.equal('ENOSPC'), false),
      );
      writing = false;
      await freeing;
      outcomes.push(
        written
          ? await readSnapshotFile(file).then(
              () => 'whole',
              (error: Error) => `torn (${error.message})`,
            )
          : 'refused',
      );
    }
    expect(outcomes.filter((outcome) => outcome.startsWith('torn'))).to.deep.equal([]);
  });
});
