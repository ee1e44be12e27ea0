import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, MongoRuntimeError, type Db, type Filter, type GridFSFile, type ObjectId } from 'mongodb';
import { assertMediaId, contentTypeForId, isValidMediaId, mediaIdForPut, mediaUrl } from './media-id.ts';
import type { MediaObject, MediaStore, StoredMedia } from './port.ts';

export interface GridFsMediaStoreOptions {
  readonly db: Db;
  /** Collections `<bucketName>.files` and `<bucketName>.chunks`; default 'media'. */
  readonly bucketName?: string;
  /** The path links are recorded under, e.g. `/sharma/resident/stays/media`; answers make them absolute (MediaLinks). */
  readonly publicBaseUrl: string;
}

/**
 * Production adapter on GridFS: filename = media id, content type in `metadata.contentType`.
 *
 * A put writes a new file, then deletes the files of that name that are older than it
 * (by uploadDate, then _id). The newest file of a name is the current one, so a reader
 * always sees a complete file, and of two concurrent puts of one name the later survives
 * rather than each deleting the other's.
 */
export function createGridFsMediaStore(options: GridFsMediaStoreOptions): MediaStore {
  const bucket = new GridFSBucket(options.db, { bucketName: options.bucketName ?? 'media' });

  async function deleteQuietly(fileId: ObjectId): Promise<void> {
    try {
      await bucket.delete(fileId);
    } catch (error) {
      // Another writer or deleter got there first.
      if (!(error instanceof MongoRuntimeError && /not found/i.test(error.message))) throw error;
    }
  }

  async function deleteAll(filter: Filter<GridFSFile>): Promise<void> {
    const files = await bucket.find(filter, { projection: { _id: 1 } }).toArray();
    for (const file of files) await deleteQuietly(file._id);
  }

  return {
    async put(input): Promise<StoredMedia> {
      const id = mediaIdForPut(input);
      const upload = bucket.openUploadStream(id, { metadata: { contentType: input.contentType } });
      await pipeline(Readable.from([input.bytes]), upload);
      if (input.name !== undefined) {
        const uploadDate = upload.gridFSFile?.uploadDate;
        if (uploadDate === undefined) throw new Error(`GridFS upload of ${id} finished without a file document`);
        await deleteAll({
          filename: id,
          $or: [{ uploadDate: { $lt: uploadDate } }, { uploadDate, _id: { $lt: upload.id } }],
        });
      }
      return { id, contentType: input.contentType, size: input.bytes.length, url: mediaUrl(options.publicBaseUrl, id) };
    },

    async get(id): Promise<MediaObject | null> {
      if (!isValidMediaId(id)) return null;
      const file = await bucket.find({ filename: id }, { sort: { uploadDate: -1, _id: -1 }, limit: 1 }).next();
      if (file === null) return null;
      const contentType: unknown = file.metadata?.contentType;
      return {
        contentType: typeof contentType === 'string' ? contentType : contentTypeForId(id),
        size: file.length,
        body: bucket.openDownloadStream(file._id),
      };
    },

    async delete(id): Promise<void> {
      assertMediaId(id);
      await deleteAll({ filename: id });
    },
  };
}
