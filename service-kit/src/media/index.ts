export type { MediaObject, MediaStore, PutMediaInput, StoredMedia } from './port.ts';
export { InvalidMediaIdError, InvalidMediaInputError } from './errors.ts';
export { isValidMediaId } from './media-id.ts';
export { createFileMediaStore, removeMediaTempFiles, type FileMediaStoreOptions } from './file-store.ts';
export { createGridFsMediaStore, type GridFsMediaStoreOptions } from './gridfs-store.ts';
export { MediaLinks, type MediaLinksOptions } from './links.ts';
export { MediaLinkSigner, type MediaLinkSignerOptions, type SignedLinkParams } from './signed-links.ts';
