/**
 * Writes a new embedded log from records given in log order, keeping each one's id,
 * stream, revision, position and recording time: for migrations that rewrite what
 * records hold (e.g. encrypting fields) without moving them, so checkpoints kept by
 * position stay valid. Each record is framed as an append of its own; the file is
 * fdatasynced and its folder synced before this resolves. The folder must not hold a log.
 */
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RecordedEvent } from '../port.ts';
import { LOG_FILE_NAME, syncDirectory } from './embedded-event-store.ts';
import { openDiskLogFile } from './log-file.ts';
import { encodeRecord } from './record-codec.ts';

/** Bytes gathered before a write: few large writes rather than one per record. */
const WRITE_CHUNK_BYTES = 4 * 1024 * 1024;

export async function writeEmbeddedLog(dir: string, records: AsyncIterable<RecordedEvent>): Promise<{ readonly count: number }> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, LOG_FILE_NAME);
  if (
    await stat(path).then(
      (found) => found.size > 0,
      () => false,
    )
  )
    throw new Error(`${path} already holds a log: write the copy into an empty folder`);
  const file = await openDiskLogFile(path);
  let offset = 0;
  let count = 0;
  let lastPosition = -1;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    const bytes = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    await file.write(bytes, offset);
    offset += bytes.length;
  };
  try {
    for await (const record of records) {
      if (!(record.position > lastPosition)) throw new Error(`record ${record.id} at position ${record.position} is out of log order (after ${lastPosition})`);
      lastPosition = record.position;
      const bytes = encodeRecord(record, false);
      pending.push(bytes);
      pendingBytes += bytes.length;
      count++;
      if (pendingBytes >= WRITE_CHUNK_BYTES) await flush();
    }
    await flush();
    await file.datasync();
  } finally {
    await file.close();
  }
  await syncDirectory(dir);
  return { count };
}
