/**
 * Writing every byte however many writes it takes: a disk with less room than a write needs
 * takes part of it and succeeds (only the next write fails), so a caller that took one
 * write's success for the whole would count bytes that are not on disk.
 */
import { expect } from 'chai';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeWhole } from '../src/index.ts';

/** A real file whose writes take at most `room` bytes each, then none once `capacity` bytes are down (a disk filling up). */
function stingyFile(handle: FileHandle, room: number, capacity = Infinity): FileHandle {
  let taken = 0;
  return new Proxy(handle, {
    get(target, name) {
      if (name !== 'write') return Reflect.get(target, name, target) as unknown;
      return async (bytes: Uint8Array, offset: number, length: number, position: number | null) => {
        const take = Math.max(0, Math.min(room, length, capacity - taken));
        taken += take;
        return target.write(bytes, offset, take, position);
      };
    },
  });
}

describe('writing whole', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'stays-write-whole-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('goes on writing the rest when a write takes only part, at the position asked or after what the file holds', async () => {
    const file = path.join(dir, 'file');
    const handle = await open(file, 'w+');
    try {
      await writeWhole(stingyFile(handle, 3), Buffer.from('0123456789'));
      await writeWhole(stingyFile(handle, 4), Buffer.from('abcdefghij'));
      await writeWhole(stingyFile(handle, 2), Buffer.from('XYZ'), 5);
    } finally {
      await handle.close();
    }
    expect(await readFile(file, 'utf8')).to.equal('01234XYZ89abcdefghij');
  });

  it('fails with ENOSPC once a write takes nothing, having written what the disk took', async () => {
    const file = path.join(dir, 'file');
    const handle = await open(file, 'w+');
    try {
      const failed = await writeWhole(stingyFile(handle, 4, 6), Buffer.from('0123456789')).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failed).to.be.an('error').with.property('code', 'ENOSPC');
    } finally {
      await handle.close();
    }
    expect(await readFile(file, 'utf8')).to.equal('012345');
  });
});
