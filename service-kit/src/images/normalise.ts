import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { ImageTooLargeError, ImageTooManyPixelsError, NotAnImageError } from './errors.ts';
import { sniffImageFormat, type AcceptedImageFormat } from './sniff.ts';

export interface NormaliseImageOptions {
  readonly maxWidth: number;
  readonly maxHeight: number;
  readonly maxInputBytes: number;
  /**
   * Decoded pixels allowed (width × height) at 8 bits per channel, against decompression
   * bombs and memory: deeper samples take proportionally fewer (half at 16 bits), so the
   * decoded size stays within the same bound. Default 50 megapixels.
   */
  readonly maxInputPixels?: number;
}

export interface NormalisedImage {
  readonly bytes: Buffer;
  readonly contentType: 'image/webp';
  readonly extension: 'webp';
  readonly width: number;
  readonly height: number;
}

const DEFAULT_MAX_IMAGE_PIXELS = 50_000_000;
// Stryker disable next-line ObjectLiteral: 80 is sharp's default too; written out as the quality chosen
const WEBP_OPTIONS = { quality: 80 } as const;
const PROCESSING_TIMEOUT_SECONDS = 20;

/** Bytes of one decoded sample, by libvips band format (sharp's `metadata.depth`). */
const BYTES_PER_SAMPLE: Readonly<Record<string, number>> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

// An upload is decoded once and never again: libvips' operation cache would only keep its
// pixels in memory after the answer (up to 50 MB by default).
// Stryker disable next-line BooleanLiteral: the cache changes memory held, never an answer
sharp.cache(false);
// One libvips thread per image (sharp's default under glibc, set here for every libc): how
// many images decode at once is the caller's line to decide, not the thread pool's.
sharp.concurrency(1);

/** What sharp's metadata reports for each accepted format (AVIF is a HEIF container with AV1 inside). */
// Stryker disable all: sharp tells formats by the same leading bytes the sniffer reads, so a mismatch fails decoding
// anyway in every input a test can make; the check stands for a HEIF that is not AV1 (HEIC), which this sharp cannot write
function decodedAs(format: AcceptedImageFormat, metadata: Metadata): boolean {
  if (format === 'avif') return metadata.format === 'heif' && metadata.compression === 'av1';
  return metadata.format === format;
}
// Stryker restore all

/**
 * Checks an upload by its content (never its name or claimed type), then re-encodes it:
 * EXIF orientation applied, all metadata stripped (no GPS), fitted inside
 * maxWidth × maxHeight without enlargement, WebP. Animated or multi-page input keeps its
 * first frame.
 */
export async function normaliseImage(bytes: Buffer, options: NormaliseImageOptions): Promise<NormalisedImage> {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw new NotAnImageError('the upload is empty');
  if (bytes.length > options.maxInputBytes) {
    throw new ImageTooLargeError(`the image is ${bytes.length} bytes, more than ${options.maxInputBytes}`);
  }
  const format = sniffImageFormat(bytes);
  if (format === null) throw new NotAnImageError('the upload is not a jpeg, png, webp, gif, avif or tiff image');

  // The header alone, under the 8-bit bound: nothing is decoded yet.
  const maxPixels8Bit = options.maxInputPixels ?? DEFAULT_MAX_IMAGE_PIXELS;
  let metadata: Metadata;
  try {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: the header's bound only refuses sooner what the check below refuses
    metadata = await sharp(bytes, { limitInputPixels: maxPixels8Bit, failOn: 'warning', animated: false }).metadata();
  } catch (error) {
    throw refusal(error, maxPixels8Bit, 8);
  }
  // Stryker disable next-line ConditionalExpression,StringLiteral: see decodedAs
  if (!decodedAs(format, metadata)) throw new NotAnImageError(`the upload's content (${metadata.format}) does not match its signature (${format})`);
  const { width, height } = metadata;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: sharp reads no header without both
  if (!width || !height) throw new NotAnImageError('the image has no dimensions');
  // A 16-bit image decodes to twice the bytes of an 8-bit one: its bound is half.
  // Stryker disable next-line StringLiteral: sharp reports a depth for every image it reads
  const sampleBytes = BYTES_PER_SAMPLE[metadata.depth ?? 'uchar'] ?? 8;
  const maxPixels = Math.floor(maxPixels8Bit / sampleBytes);
  if (width * height > maxPixels) {
    throw new ImageTooManyPixelsError(
      maxPixels,
      sampleBytes * 8,
      `the image is ${width}×${height} pixels at ${sampleBytes * 8} bits per channel, more than ${maxPixels} in all`,
    );
  }
  // sharp reads sequentially by default, so most images decode a strip at a time; an
  // interlaced PNG or a progressive JPEG is held whole, which the pixel bound keeps in check.
  // Stryker disable next-line ObjectLiteral: sharp's defaults fail on warnings and read one frame; the pixels were bounded above
  const input: SharpOptions = { limitInputPixels: maxPixels, failOn: 'warning', animated: false };

  try {
    const { data, info } = await sharp(bytes, input)
      .autoOrient()
      .resize({ width: options.maxWidth, height: options.maxHeight, fit: 'inside', withoutEnlargement: true })
      .webp(WEBP_OPTIONS)
      .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', extension: 'webp', width: info.width, height: info.height };
  } catch (error) {
    // Stryker disable next-line ArithmeticOperator: the pixels were bounded above, so decoding never meets the limit
    throw refusal(error, maxPixels, sampleBytes * 8);
  }
}

function refusal(error: unknown, maxPixels: number, bitsPerChannel: number): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageTooManyPixelsError(maxPixels, bitsPerChannel, `the image has more than ${maxPixels} pixels`);
  // The decoder's own words stay in `cause`: they are for logs, not for the person uploading.
  return new NotAnImageError('the image cannot be decoded', { cause: error });
}
