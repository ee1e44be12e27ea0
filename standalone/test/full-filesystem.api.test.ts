/**
 * A real full filesystem under the one-process product: DATA_DIR on a small tmpfs, and on a
 * small ext4 (a loop device, as production disks mostly carry), whose last free byte a ballast
 * file takes, so every writer under it meets ENOSPC (not only those the
 * fault seam of full-disk.api.test.ts reaches). A change that needs a file beside the log
 * (a room's new images, in the media folder) is refused with 503 saying the disk is full,
 * never 500, /healthz answers 503 naming it, and both pass once the ballast is gone, with no
 * restart. Mounting needs root: elsewhere the tests are skipped, saying why.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { expect } from 'chai';
import { STORE_UNAVAILABLE_MESSAGES } from '@stays/command-service';
import { signedInOwner, type SignedIn } from './support/accounts.ts';
import { pngImages } from './support/fixtures.ts';
import { ApiClient } from './support/http-client.ts';
import { mountSmallFilesystem, whyNoSmallFilesystem, type SmallFilesystem } from '@stays/service-kit/testing';
import { hotelWithRoom } from './support/stays.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

for (const kind of ['tmpfs', 'ext4'] as const) {
  const cannotMount = whyNoSmallFilesystem(kind);

  describe(`a real full filesystem (${kind}) under DATA_DIR${cannotMount ? ` (skipped: ${cannotMount})` : ''}`, function () {
    this.timeout(120_000);
    let root: string;
    let filesystem: SmallFilesystem;
    let stays: TestSystem;
    let api: ApiClient;
    let owner: SignedIn;
    let room: { hotelId: string; roomId: string };

    before(async function () {
      if (cannotMount) this.skip();
      root = await mkdtemp(path.join(os.tmpdir(), 'stays-full-fs-'));
      filesystem = await mountSmallFilesystem(path.join(root, 'fs'), 32 << 20, kind);
      stays = await startTestSystem({ dataDir: path.join(filesystem.dir, 'data') });
      api = new ApiClient(stays.baseUrl);
      owner = await signedInOwner(api);
      room = await hotelWithRoom(api, owner);
    });
    after(async () => {
      await stays?.destroy();
      await filesystem?.unmount();
      if (root) await rm(root, { recursive: true, force: true });
    });

    const replaceImages = async () =>
      api.multipart(
        'PATCH',
        `/hotel/room/update/room/${room.hotelId}/${room.roomId}`,
        { pricePerNight: '4600' },
        { imageURLs: await pngImages(2) },
        { token: owner.token },
      );

    const health = async () => {
      const answer = await fetch(`${stays.baseUrl}/healthz`);
      return { status: answer.status, message: ((await answer.json()) as { message: string }).message };
    };

    it("answers 503 saying the disk is full when a room's new images meet it, /healthz naming it, and takes them once space is back", async () => {
      await filesystem.fill();
      try {
        const refused = await replaceImages();
        expect(refused.status, JSON.stringify(refused.body)).to.equal(503);
        expect(refused.body.message).to.equal(STORE_UNAVAILABLE_MESSAGES['disk-full-files']);
        expect(refused.headers.get('retry-after')).to.equal('5');
        const unhealthy = await health();
        expect(unhealthy.status).to.equal(503);
        expect(unhealthy.message).to.match(/^the media folder refuses writes: ENOSPC/);
      } finally {
        await filesystem.drain();
      }

      // the disk is probed with backoff up to 5 s: healthy again with no restart
      const deadline = Date.now() + 15_000;
      while ((await health()).status !== 200) {
        expect(Date.now(), 'healthy again once space is back').to.be.below(deadline);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const taken = await replaceImages();
      expect(taken.status, JSON.stringify(taken.body)).to.equal(200);
    });
  });
}
