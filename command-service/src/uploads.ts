/**
 * Images uploaded with a command: checked by content (never by the claimed type),
 * re-encoded and resized, then put in the media store. Returns their public URLs.
 */
import type { Context } from 'koa';
import { messages } from '@stays/contracts';
import {
  AppError, BadRequestError, ImageTooLargeError, NotAnImageError, PayloadTooLargeError, UnsupportedMediaTypeError,
  multipartBody, normaliseImage, readUploadedFile, uploadedFieldNames, uploadedFiles, type MediaStore,
} from '@stays/service-kit';

/** Hotel and room images: at most this many megabytes each. */
export const LISTING_IMAGE_MEGABYTES = 8;

export interface ImageRules {
  readonly field: string;
  /** Must images be sent at all? (On updates they are optional, but when sent the counts apply.) */
  readonly required: boolean;
  readonly min: number;
  readonly max: number;
  readonly maxBytes: number;
  readonly maxWidth: number;
  readonly maxHeight: number;
  /** Messages (shown as they are) when no image, fewer than `min`, or more than `max` are sent. */
  readonly noneMessage: string;
  readonly tooFewMessage: string;
  readonly tooManyMessage: string;
  readonly tooLargeMessage?: string;
}

/** Refuses any file sent under a field the route does not take. */
export function refuseUnexpectedFiles(ctx: Context, allowedFields: readonly string[]): void {
  const unexpected = uploadedFieldNames(ctx).find((field) => !allowedFields.includes(field));
  if (unexpected !== undefined) throw new BadRequestError(messages.server.invalidField(unexpected, 'files are not accepted here'));
}

/** Normalises and stores the images of one field; all or nothing (stored ones are removed on failure). */
export async function storeUploadedImages(ctx: Context, media: MediaStore, rules: ImageRules): Promise<string[]> {
  const files = uploadedFiles(ctx, rules.field);
  if (files.length === 0) {
    if (rules.required) throw new AppError(400, rules.noneMessage, rules.field);
    return [];
  }
  if (files.length < rules.min) throw new AppError(400, rules.tooFewMessage, rules.field);
  if (files.length > rules.max) throw new AppError(400, rules.tooManyMessage, rules.field);
  const images = [];
  for (const file of files) {
    try {
      images.push(await normaliseImage(await readUploadedFile(file), { maxWidth: rules.maxWidth, maxHeight: rules.maxHeight, maxInputBytes: rules.maxBytes }));
    } catch (error) {
      if (error instanceof NotAnImageError) throw new UnsupportedMediaTypeError(messages.server.notAnImage);
      if (error instanceof ImageTooLargeError) throw new PayloadTooLargeError(rules.tooLargeMessage);
      throw error;
    }
  }
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
  await Promise.all(urls.map((url) => {
    const id = decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));
    return media.delete(id).catch(() => undefined);
  }));
}

/** The multipart body of a request with images; one file more than allowed is accepted so the count check answers with its own message. */
export const imageUpload = (rules: ImageRules) => multipartBody({
  maxFileBytes: rules.maxBytes, maxFiles: rules.max + 1, jsonLimit: '200kb',
  fileTooLargeMessage: rules.tooLargeMessage, tooManyFilesMessage: rules.tooManyMessage,
});

/** Stores the request's images (when any are sent or required), runs `command`, and discards them if it fails. */
export async function withImages<T>(ctx: Context, media: MediaStore, rules: ImageRules, command: (imageURLs: string[] | undefined) => Promise<T>): Promise<T> {
  refuseUnexpectedFiles(ctx, [rules.field]);
  const stored = await storeUploadedImages(ctx, media, rules);
  try {
    return await command(stored.length > 0 ? stored : undefined);
  } catch (error) {
    await discardImages(media, stored);
    throw error;
  }
}
