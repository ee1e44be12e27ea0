/** The upload is bigger than allowed, in bytes or in decoded pixels (a decompression bomb). */
export class ImageTooLargeError extends Error {
  override readonly name = 'ImageTooLargeError';
  constructor(
    readonly limit: 'bytes' | 'pixels',
    message: string,
  ) {
    super(message);
  }
}

/** The upload is not a decodable jpeg, png, webp, gif, avif or tiff, whatever its name or claimed type. */
export class NotAnImageError extends Error {
  override readonly name = 'NotAnImageError';
}
