/** An id (or put name) that is not a valid media id; it never touched the store. */
export class InvalidMediaIdError extends Error {
  override readonly name = 'InvalidMediaIdError';
  constructor(readonly id: unknown) {
    super(`invalid media id: ${JSON.stringify(String(id)).slice(0, 80)}`);
  }
}

/** A put whose content type, extension or bytes are malformed. */
export class InvalidMediaInputError extends Error {
  override readonly name = 'InvalidMediaInputError';
  constructor(
    readonly field: 'bytes' | 'contentType' | 'extension',
    message: string,
  ) {
    super(message);
  }
}
