/**
 * Images uploaded with a command: checked by content (never by the claimed type),
 * re-encoded and resized in turns of the process's image line, then put in the media
 * store. Returns their public URLs. The route mounter has already refused other file
 * fields and too many files (the route entry's upload limits); what is left here is
 * particular to images.
 */
import type { UploadSpec } from '@stays/contracts';
import { limits, messages } from '@stays/contracts';
import {
  AppError,
  ImageTooLargeError,
  ImageTooManyPixelsError,
  NotAnImageError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  normaliseImage,
  readUploadedFile,
  type MediaStore,
  type NormalisedImage,
  type UploadedFile,
} from '@stays/service-kit';
import type { BoundedWork } from './bounded-work.ts';

/** Where uploaded images go: the line they are decoded in, and the store they are kept in. */
export interface ImageUploads {
  readonly line: BoundedWork;
  readonly media: MediaStore;
}

export interface ImageRules {
  /** The route entry's upload: its field, size limit and the answer for a file over it. */
  readonly upload: UploadSpec;
  /** Must images be sent at all? (On updates they are optional, but when sent the counts apply.) */
  readonly required: boolean;
  readonly min: number;
  readonly maxWidth: number;
  readonly maxHeight: number;
  /** Messages (shown as they are) when no image or fewer than `min` are sent. */
  readonly noneMessage: string;
  readonly tooFewMessage: string;
}

/**
 * Normalises and stores the images sent; all or nothing (stored ones are removed on
 * failure). Nothing is stored until every image has been normalised, so a request refused
 * by the line, or for any one of its images, leaves no media behind.
 */
export async function storeUploadedImages(files: readonly UploadedFile[], uploads: ImageUploads, rules: ImageRules): Promise<string[]> {
  const { field } = rules.upload;
  if (files.length === 0) {
    if (rules.required) throw new AppError(400, rules.noneMessage, field);
    return [];
  }
  if (files.length < rules.min) throw new AppError(400, rules.tooFewMessage, field);
  // read inside the turn: a request waiting in line holds its files on disk, not in memory
  const images = await uploads.line.runEach(files, async (file) => normalised(await readUploadedFile(file), rules));
  const { media } = uploads;
  const stored: { id: string; url: string }[] = [];
  try {
    for (const image of images) {
      stored.push(await media.put({ bytes: image.bytes, contentType: image.contentType, extension: image.extension }));
    }
  } catch (error) {
    await Promise.all(stored.map(({ id }) => media.delete(id).catch(() => undefined)));
    throw error;
  }
  return stored.map(({ url }) => url);
}

/** Removes media by URL after a command that stored it failed. */
export async function discardImages(media: MediaStore, urls: readonly string[]): Promise<void> {
  await Promise.all(
    urls.map((url) => {
      const id = decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));
      return media.delete(id).catch(() => undefined);
    }),
  );
}

/** Stores the request's images (when any are sent or required), runs `command`, and discards them if it fails. */
export async function withImages<T>(
  files: readonly UploadedFile[],
  uploads: ImageUploads,
  rules: ImageRules,
  command: (imageURLs: string[] | undefined) => Promise<T>,
): Promise<T> {
  const stored = await storeUploadedImages(files, uploads, rules);
  try {
    return await command(stored.length > 0 ? stored : undefined);
  } catch (error) {
    await discardImages(uploads.media, stored);
    throw error;
  }
}

/** One image checked and re-encoded, its refusals turned into answers for the person uploading. */
async function normalised(bytes: Buffer, rules: ImageRules): Promise<NormalisedImage> {
  const { field, maxBytes, tooLargeMessage } = rules.upload;
  try {
    return await normaliseImage(bytes, {
      maxWidth: rules.maxWidth,
      maxHeight: rules.maxHeight,
      maxInputBytes: maxBytes,
      maxInputPixels: limits.imageMegapixels * 1_000_000,
    });
  } catch (error) {
    if (error instanceof NotAnImageError) throw new UnsupportedMediaTypeError(messages.server.notAnImage);
    if (error instanceof ImageTooLargeError) throw new PayloadTooLargeError(tooLargeMessage);
    // a well-formed image, only too big to decode here: the sender can fix it, so 400, naming the bound
    if (error instanceof ImageTooManyPixelsError)
      throw new AppError(400, messages.server.imageTooManyPixels(error.maxPixels / 1_000_000, error.bitsPerChannel), field);
    throw error;
  }
}
