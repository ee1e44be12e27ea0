import { expect } from 'chai';
import sharp, { type Sharp } from 'sharp';
import { crc32, deflateSync } from 'node:zlib';
import {
  generateDemoImage,
  ImageTooLargeError,
  ImageTooManyPixelsError,
  normaliseImage,
  NotAnImageError,
  type NormaliseImageOptions,
} from '../src/images/index.ts';

const limits: NormaliseImageOptions = { maxWidth: 800, maxHeight: 600, maxInputBytes: 5_000_000 };

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#2f7d5b' } });
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A well-formed PNG header that declares width × height, followed by a few bytes of pixel data. */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function refusal(bytes: Buffer, options = limits): Promise<unknown> {
  try {
    await normaliseImage(bytes, options);
  } catch (error) {
    return error;
  }
  throw new Error('expected the image to be refused');
}

describe('images: normaliseImage', () => {
  it('re-encodes a PNG as WebP fitted inside the bounds, keeping the aspect ratio', async () => {
    const png = await solid(1200, 800).png().toBuffer();
    const out = await normaliseImage(png, limits);
    expect(out.contentType).to.equal('image/webp');
    expect(out.extension).to.equal('webp');
    expect([out.width, out.height]).to.deep.equal([800, 533]);
    const meta = await sharp(out.bytes).metadata();
    expect(meta.format).to.equal('webp');
    expect([meta.width, meta.height]).to.deep.equal([800, 533]);
  });

  it('rotates a JPEG by its EXIF orientation, then strips all metadata (no GPS leaks)', async () => {
    const jpeg = await solid(300, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: 'home of the owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 0/1' } })
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.orientation).to.equal(6);
    expect(input.exif?.toString('latin1')).to.include('home of the owner');

    const out = await normaliseImage(jpeg, limits);
    expect([out.width, out.height]).to.deep.equal([200, 300]);
    const meta = await sharp(out.bytes).metadata();
    expect(meta.format).to.equal('webp');
    expect([meta.width, meta.height]).to.deep.equal([200, 300]);
    expect(meta.exif).to.equal(undefined);
    expect(meta.orientation).to.equal(undefined);
    expect(meta.xmp).to.equal(undefined);
    expect(out.bytes.toString('latin1')).not.to.include('home of the owner');
  });

  it('never enlarges a small image', async () => {
    const out = await normaliseImage(await solid(120, 90).png().toBuffer(), limits);
    expect([out.width, out.height]).to.deep.equal([120, 90]);
  });

  it('accepts webp, gif, avif and tiff input', async () => {
    for (const encode of [(s: Sharp) => s.webp(), (s: Sharp) => s.gif(), (s: Sharp) => s.avif(), (s: Sharp) => s.tiff()]) {
      const out = await normaliseImage(await encode(solid(1000, 1000)).toBuffer(), limits);
      expect([out.width, out.height]).to.deep.equal([600, 600]);
      expect((await sharp(out.bytes).metadata()).format).to.equal('webp');
    }
  });

  it('refuses a text file renamed .jpg, an HTML page and a PDF', async () => {
    for (const text of ['just some notes\n', '<!doctype html><script>alert(1)</script>', '%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n']) {
      expect(await refusal(Buffer.from(text))).to.be.instanceOf(NotAnImageError);
    }
  });

  it('refuses an SVG, even one that sharp could render', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    expect(await refusal(svg)).to.be.instanceOf(NotAnImageError);
    expect(await refusal(Buffer.concat([Buffer.from('<?xml version="1.0"?>\n'), svg]))).to.be.instanceOf(NotAnImageError);
  });

  it('refuses zero bytes, a truncated PNG and a PNG signature followed by garbage', async () => {
    const png = await solid(400, 300).png({ compressionLevel: 0 }).toBuffer();
    expect(await refusal(Buffer.alloc(0))).to.be.instanceOf(NotAnImageError);
    expect(await refusal(png.subarray(0, Math.floor(png.length / 2)))).to.be.instanceOf(NotAnImageError);
    expect(await refusal(Buffer.concat([png.subarray(0, 8), Buffer.from('not really a png at all')]))).to.be.instanceOf(NotAnImageError);
  });

  it('refuses input over maxInputBytes before decoding it, and takes input of exactly that size', async () => {
    const png = await solid(200, 200).png({ compressionLevel: 0 }).toBuffer();
    const error = await refusal(png, { ...limits, maxInputBytes: png.length - 1 });
    expect(error).to.be.instanceOf(ImageTooLargeError);
    expect((error as ImageTooLargeError).limit).to.equal('bytes');
    expect((error as Error).message).to.equal(`the image is ${png.length} bytes, more than ${png.length - 1}`);
    expect((await normaliseImage(png, { ...limits, maxInputBytes: png.length })).width).to.equal(200);
  });

  it('says why in its refusals, for the logs: empty, not an image, not decodable, too many pixels', async () => {
    const said = async (bytes: Buffer, options = limits) => ((await refusal(bytes, options)) as Error).message;
    expect(await said(Buffer.alloc(0))).to.equal('the upload is empty');
    expect(await said(Buffer.from('just some notes\n'))).to.equal('the upload is not a jpeg, png, webp, gif, avif or tiff image');
    const png = await solid(400, 300).png({ compressionLevel: 0 }).toBuffer();
    const cut = (await refusal(png.subarray(0, Math.floor(png.length / 2)))) as Error;
    expect(cut.message).to.equal('the image cannot be decoded');
    expect(cut.cause, "the decoder's own words kept for the log").to.be.instanceOf(Error);
    expect(await said(pngDeclaring(50_000, 50_000)), 'the decoder stops at the header').to.equal('the image has more than 50000000 pixels');
    const sixteenBit = await solid(2000, 1500).toColourspace('rgb16').png().toBuffer();
    expect(await said(sixteenBit, { ...limits, maxInputPixels: 4_000_000 })).to.equal(
      'the image is 2000×1500 pixels at 16 bits per channel, more than 2000000 in all',
    );
  });

  it('keeps the first frame of an animated image', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 60, height: 40, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const twoFrames = await sharp([await frame('#ff0000'), await frame('#00ff00')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(twoFrames).metadata()).pages).to.equal(2);
    const out = await normaliseImage(twoFrames, limits);
    const metadata = await sharp(out.bytes).metadata();
    expect([metadata.pages ?? 1, out.width, out.height]).to.deep.equal([1, 60, 40]);
    const { dominant } = await sharp(out.bytes).stats();
    expect(dominant.r, 'the first frame, red').to.be.greaterThan(200);
  });

  it('refuses a pixel bomb: a tiny PNG declaring 50000×50000', async () => {
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).to.be.below(200);
    const error = await refusal(bomb);
    expect(error).to.be.instanceOf(ImageTooManyPixelsError);
    expect(error).to.include({ limit: 'pixels', maxPixels: 50_000_000, bitsPerChannel: 8 });
  });

  it('refuses a real, well-compressed image over the pixel limit', async () => {
    const png = await solid(3000, 3000).png().toBuffer();
    const error = await refusal(png, { ...limits, maxInputPixels: 4_000_000 });
    expect(error).to.be.instanceOf(ImageTooManyPixelsError);
    expect(error).to.include({ limit: 'pixels', maxPixels: 4_000_000, bitsPerChannel: 8 });
  });

  it('allows a 16-bit image half the pixels of an 8-bit one: it decodes to twice the bytes', async () => {
    const sixteenBit = await solid(2000, 1500).toColourspace('rgb16').png().toBuffer();
    expect((await sharp(sixteenBit).metadata()).depth).to.equal('ushort');
    const error = await refusal(sixteenBit, { ...limits, maxInputPixels: 4_000_000 });
    expect(error).to.be.instanceOf(ImageTooManyPixelsError);
    expect(error).to.include({ maxPixels: 2_000_000, bitsPerChannel: 16 });
    // the same picture at 8 bits is taken, and so is the 16-bit one under a bound twice as high
    expect((await normaliseImage(await solid(2000, 1500).png().toBuffer(), { ...limits, maxInputPixels: 4_000_000 })).width).to.equal(800);
    expect((await normaliseImage(sixteenBit, { ...limits, maxInputPixels: 6_000_000 })).width).to.equal(800);
  });
});

describe('images: generateDemoImage', () => {
  it('makes a valid PNG of the requested size', async () => {
    const png = await generateDemoImage({ width: 640, height: 400, seed: 7, label: 'Hotel Sunrise <Jaipur> & Co' });
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).to.deep.equal(['png', 640, 400]);
    const out = await normaliseImage(png, limits);
    expect(out.width).to.equal(640);
  });

  it('gives different pictures for different seeds and the same picture for the same seed', async () => {
    const a = await generateDemoImage({ width: 200, height: 120, seed: 1 });
    const b = await generateDemoImage({ width: 200, height: 120, seed: 2 });
    const again = await generateDemoImage({ width: 200, height: 120, seed: 1 });
    expect(a.equals(b)).to.equal(false);
    expect(a.equals(again)).to.equal(true);
    const [pixelA, pixelB] = await Promise.all([a, b].map((png) => sharp(png).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer()));
    expect(pixelA?.equals(pixelB as Buffer)).to.equal(false);
  });
});
