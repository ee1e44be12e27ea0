/** The upload is bigger than allowed in bytes, before anything decodes it. */
export class ImageTooLargeError extends Error {
  override readonly name = 'ImageTooLargeError';
  readonly limit = 'bytes';
}

/**
 * The image decodes to more pixels than allowed for its sample depth (a decompression
 * bomb, or simply a photo bigger than a listing needs): `maxPixels` is the bound that
 * applied to it, `bitsPerChannel` its depth, so the refusal can name both.
 */
export class ImageTooManyPixelsError extends Error {
  override readonly name = 'ImageTooManyPixelsError';
  readonly limit = 'pixels';
  constructor(
    readonly maxPixels: number,
    readonly bitsPerChannel: number,
    message: string,
  ) {
    super(message);
  }
}

/** The upload is not a decodable jpeg, png, webp, gif, avif or tiff, whatever its name or claimed type. */
export class NotAnImageError extends Error {
  override readonly name = 'NotAnImageError';
}
