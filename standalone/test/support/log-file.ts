/**
 * The embedded log file as a tamperer sees it (event-store/src/embedded/record-codec.ts):
 * records of magic (u32 BE) | payload length (u32 BE) | CRC32 of payload (u32 BE) | JSON
 * payload. Rewriting a record here fixes its length and CRC, so the store still opens.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';

export interface LogFileRecord {
  readonly magic: number;
  readonly payload: Buffer;
}

const logPath = (dataDir: string) => path.join(dataDir, 'events', 'events.log');

export async function readLogFile(dataDir: string): Promise<LogFileRecord[]> {
  const bytes = await readFile(logPath(dataDir));
  const records: LogFileRecord[] = [];
  for (let offset = 0; offset < bytes.length;) {
    const length = bytes.readUInt32BE(offset + 4);
    records.push({ magic: bytes.readUInt32BE(offset), payload: bytes.subarray(offset + 12, offset + 12 + length) });
    offset += 12 + length;
  }
  return records;
}

export async function writeLogFile(dataDir: string, records: readonly LogFileRecord[]): Promise<void> {
  await writeFile(
    logPath(dataDir),
    Buffer.concat(
      records.map(({ magic, payload }) => {
        const header = Buffer.alloc(12);
        header.writeUInt32BE(magic, 0);
        header.writeUInt32BE(payload.length, 4);
        header.writeUInt32BE(crc32(payload), 8);
        return Buffer.concat([header, payload]);
      }),
    ),
  );
}

export const eventOf = (record: LogFileRecord): Record<string, unknown> & { position: number; streamId: string; type: string } =>
  JSON.parse(record.payload.toString('utf8'));
