/**
 * Temp files a crash leaves under DATA_DIR: an image or an invoice being written to media, a
 * message being written to the outbox, cut short before its rename. Nothing reads them and
 * nothing else would remove them, so the one-process product (the only writer under DATA_DIR
 * while it holds the log's lock) removes them at start, and leaves every whole file alone.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

describe('temp files a crash left under DATA_DIR', function () {
  this.timeout(60_000);
  let stays: TestSystem | undefined;
  after(async () => stays?.destroy());

  it('are removed at the next start, and whole media and messages are kept', async () => {
    stays = await startTestSystem();
    const { dataDir } = stays;
    await stays.stop();
    const media = path.join(dataDir, 'media');
    const outbox = path.join(dataDir, 'outbox');
    await mkdir(path.join(media, '.tmp'), { recursive: true });
    await mkdir(outbox, { recursive: true });
    await writeFile(path.join(media, '.tmp', '3f1c9a52-0d7e-4b8e-9d55-2a4c7e1b6f00'), 'half an invoice');
    await writeFile(path.join(media, 'kept.png'), 'a whole image');
    await writeFile(path.join(outbox, '.2026-01-31T09-15-02-123Z-1f2e3d4c.eml.0a1b2c3d.tmp'), 'half an email');
    await writeFile(path.join(outbox, '2026-01-31T09-15-02-120Z-0e2e3d4c.eml'), 'a whole email');

    stays = await startTestSystem({ dataDir });

    expect(await readdir(path.join(media, '.tmp'))).to.deep.equal([]);
    expect(await readdir(media)).to.include('kept.png');
    expect(await readdir(outbox)).to.deep.equal(['2026-01-31T09-15-02-120Z-0e2e3d4c.eml']);
  });
});
