import type { Readable } from 'node:stream';

/** What a put returns: enough to record the media in an event and link to it. */
export interface StoredMedia {
  readonly id: string;
  readonly contentType: string;
  readonly size: number;
  /** `${publicBaseUrl}/${encodeURIComponent(id)}` */
  readonly url: string;
}

/** A stored object being read. The caller must consume or destroy `body`. */
export interface MediaObject {
  readonly contentType: string;
  readonly size: number;
  readonly body: Readable;
}

export interface PutMediaInput {
  readonly bytes: Buffer;
  readonly contentType: string;
  /** Used for random ids only: `${randomUUID()}.${extension}`. */
  readonly extension: string;
  /** Makes the id deterministic (e.g. 'Invoice_BK7Q2M.pdf'); a second put with the same name replaces the first. */
  readonly name?: string;
}

/** Images and invoice PDFs. Ids are opaque, validated, and never reach outside the store. */
export interface MediaStore {
  /** Stores bytes. `name` makes the id deterministic and a second put with the same name replaces it (reactors retry); otherwise the id is random. */
  put(input: PutMediaInput): Promise<StoredMedia>;
  /** null when absent, and for any id that is not a valid media id. */
  get(id: string): Promise<MediaObject | null>;
  /** Idempotent: deleting an absent id is not an error. Throws InvalidMediaIdError for an invalid id. */
  delete(id: string): Promise<void>;
}
