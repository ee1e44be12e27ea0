import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { ImageTooLargeError, NotAnImageError } from './errors.ts';
import { sniffImageFormat, type AcceptedImageFormat } from './sniff.ts';

export interface NormaliseImageOptions {
  readonly maxWidth: number;
  readonly maxHeight: number;
  readonly maxInputBytes: number;
  /** Decoded pixels allowed (width × height), against decompression bombs. Default 40 megapixels. */
  readonly maxInputPixels?: number;
}

export interface NormalisedImage {
  readonly bytes: Buffer;
  readonly contentType: 'image/webp';
  readonly extension: 'webp';
  readonly width: number;
  readonly height: number;
}

const DEFAULT_MAX_IMAGE_PIXELS = 40_000_000;
const WEBP_QUALITY = 80;
const PROCESSING_TIMEOUT_SECONDS = 20;

/** What sharp's metadata reports for each accepted format (AVIF is a HEIF container with AV1 inside). */
function decodedAs(format: AcceptedImageFormat, metadata: Metadata): boolean {
  if (format === 'avif') return metadata.format === 'heif' && metadata.compression === 'av1';
  return metadata.format === format;
}

/**
 * Checks an upload by its content (never its name or claimed type), then re-encodes it:
 * EXIF orientation applied, all metadata stripped (no GPS), fitted inside
 * maxWidth × maxHeight without enlargement, WebP. Animated or multi-page input keeps its
 * first frame.
 */
export async function normaliseImage(bytes: Buffer, options: NormaliseImageOptions): Promise<NormalisedImage> {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw new NotAnImageError('the upload is empty');
  if (bytes.length > options.maxInputBytes) {
    throw new ImageTooLargeError('bytes', `the image is ${bytes.length} bytes, more than ${options.maxInputBytes}`);
  }
  const format = sniffImageFormat(bytes);
  if (format === null) throw new NotAnImageError('the upload is not a jpeg, png, webp, gif, avif or tiff image');

  const maxPixels = options.maxInputPixels ?? DEFAULT_MAX_IMAGE_PIXELS;
  const input: SharpOptions = { limitInputPixels: maxPixels, failOn: 'warning', animated: false };

  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, input).metadata();
  } catch (error) {
    throw refusal(error, maxPixels);
  }
  if (!decodedAs(format, metadata)) throw new NotAnImageError(`the upload's content (${metadata.format}) does not match its signature (${format})`);
  const { width, height } = metadata;
  if (!width || !height) throw new NotAnImageError('the image has no dimensions');
  if (width * height > maxPixels) {
    throw new ImageTooLargeError('pixels', `the image is ${width}×${height} pixels, more than ${maxPixels} in all`);
  }

  try {
    const { data, info } = await sharp(bytes, input)
      .autoOrient()
      .resize({ width: options.maxWidth, height: options.maxHeight, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', extension: 'webp', width: info.width, height: info.height };
  } catch (error) {
    throw refusal(error, maxPixels);
  }
}

function refusal(error: unknown, maxPixels: number): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageTooLargeError('pixels', `the image has more than ${maxPixels} pixels`);
  // The decoder's own words stay in `cause`: they are for logs, not for the person uploading.
  return new NotAnImageError('the image cannot be decoded', { cause: error });
}
