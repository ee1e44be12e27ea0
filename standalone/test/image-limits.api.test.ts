/**
 * Uploaded images are bounded in decoded pixels each, and in how many decode at once
 * across all requests (issue #26): an image too big to decode is refused 400 naming the
 * bound, a request that finds the image line full is refused 503 with Retry-After, and
 * neither leaves media or events behind.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { limits, messages } from '@stays/contracts';
import { ApiClient } from './support/http-client.ts';
import type { FilePart } from './support/http-client.ts';
import { hotelForm, pngImages } from './support/fixtures.ts';
import { signedInOwner, type SignedIn } from './support/accounts.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

/** A PNG of width × height in one colour: a few hundred kB, however many pixels it declares. */
async function flatPng(width: number, height: number, options: { sixteenBit?: boolean; interlaced?: boolean } = {}): Promise<FilePart> {
  let image = sharp({ create: { width, height, channels: 3, background: '#3a7d5c' } });
  if (options.sixteenBit) image = image.toColourspace('rgb16');
  const content = await image.png({ compressionLevel: 9, progressive: options.interlaced === true }).toBuffer();
  return { filename: 'photo.png', type: 'image/png', content };
}

/** Media stored: files in the media folder, not its sidecars or temporary files (none before the first is stored). */
async function mediaFiles(stays: TestSystem): Promise<number> {
  try {
    return (await readdir(path.join(stays.dataDir, 'media'), { withFileTypes: true })).filter((entry) => entry.isFile()).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

const createHotel = (api: ApiClient, owner: SignedIn, images: FilePart[]) =>
  api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: images }, { token: owner.token });

describe('image limits over HTTP', function () {
  this.timeout(120_000);

  describe('decoded pixels per image', () => {
    let stays: TestSystem;
    let api: ApiClient;
    before(async () => {
      stays = await startTestSystem();
      api = new ApiClient(stays.baseUrl);
    });
    after(async () => stays.destroy());

    it('refuses a 39.9-megapixel 16-bit PNG of a few hundred kB with 400 naming the bound, storing nothing', async () => {
      const owner = await signedInOwner(api);
      const bomb = await flatPng(7000, 5700, { sixteenBit: true });
      expect(bomb.content.length).to.be.below((limits.listingImageMegabytes * 1024 * 1024) / 10);
      const [mediaBefore, headBefore] = [await mediaFiles(stays), await stays.system.eventStore.headPosition()];

      const refused = await createHotel(api, owner, [...(await pngImages(4)), bomb]);
      expect(refused.status, JSON.stringify(refused.body)).to.equal(400);
      expect(refused.body).to.include({ success: false, message: messages.server.imageTooManyPixels(limits.imageMegapixels / 2, 16) });
      expect(refused.body.message).to.match(/at most 25 megapixels/);
      expect(await mediaFiles(stays)).to.equal(mediaBefore);
      expect(await stays.system.eventStore.headPosition()).to.equal(headBefore);
      expect((await api.get('/hotel/owner/get/hotel/id', { token: owner.token })).body.data).to.equal(null);
    });

    it('refuses an 8-bit image over 50 megapixels with 400, and takes a 16-bit one within 25', async () => {
      const owner = await signedInOwner(api);
      const tooBig = await createHotel(api, owner, [...(await pngImages(4)), await flatPng(7100, 7100)]);
      expect(tooBig.status, JSON.stringify(tooBig.body)).to.equal(400);
      expect(tooBig.body.message).to.equal(messages.server.imageTooManyPixels(limits.imageMegapixels, 8));
      expect(tooBig.body.message).to.equal('Each image must be at most 50 megapixels');

      const taken = await createHotel(api, owner, [...(await pngImages(4)), await flatPng(2000, 1500, { sixteenBit: true })]);
      expect(taken.status, JSON.stringify(taken.body)).to.equal(201);
      expect(await mediaFiles(stays)).to.equal(5);
    });
  });

  describe('images decoding at once across requests', () => {
    let stays: TestSystem;
    let api: ApiClient;
    before(async () => {
      // one image at a time, one request waiting: a third request at once finds the line full
      stays = await startTestSystem({ env: { IMAGE_WORK_CONCURRENCY: '1', IMAGE_WORK_QUEUE: '1' } });
      api = new ApiClient(stays.baseUrl);
    });
    after(async () => stays.destroy());

    it('answers requests beyond the line 503 with Retry-After, storing nothing for them, and takes the rest', async () => {
      const owners = await Promise.all(Array.from({ length: 5 }, () => signedInOwner(api)));
      // interlaced, so each decodes whole: a few hundred ms apiece, five to a hotel
      const slow = await flatPng(4000, 3000, { interlaced: true });
      const images = Array.from({ length: 5 }, () => slow);
      const headBefore = await stays.system.eventStore.headPosition();

      const answers = await Promise.all(owners.map((owner) => createHotel(api, owner, images)));
      const statuses = answers.map((answer) => answer.status);
      expect(
        statuses.every((status) => status === 201 || status === 503),
        JSON.stringify(answers.map((a) => a.body)),
      ).to.equal(true);
      const accepted = owners.filter((_, i) => statuses[i] === 201);
      const refused = owners.filter((_, i) => statuses[i] === 503);
      expect(accepted.length, `statuses ${statuses.join(' ')}`).to.be.at.least(2);
      expect(refused.length, `statuses ${statuses.join(' ')}`).to.be.at.least(1);
      for (const answer of answers.filter((a) => a.status === 503)) {
        expect(answer.headers.get('retry-after')).to.equal('5');
        expect(answer.body).to.include({ success: false, message: messages.server.imageWorkBusy });
      }

      // the accepted hotels have their five images each; the refused owners have no hotel, no event, no media
      expect(await mediaFiles(stays)).to.equal(5 * accepted.length);
      const written = await stays.system.eventStore.readAll(headBefore === null ? {} : { after: headBefore });
      expect(written.filter((event) => event.type === 'HotelCreated')).to.have.length(accepted.length);
      for (const owner of refused) {
        expect(written.filter((event) => event.streamId.includes(owner.id) || JSON.stringify(event.data).includes(owner.id))).to.deep.equal([]);
        expect((await api.get('/hotel/owner/get/hotel/id', { token: owner.token })).body.data).to.equal(null);
      }

      // the line is free again once they are done: a refused owner's retry is taken
      const retried = await createHotel(api, refused[0]!, images);
      expect(retried.status, JSON.stringify(retried.body)).to.equal(201);
    });
  });
});
