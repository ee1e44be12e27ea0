/** Fresh 12-byte AES-GCM IVs for the field and record ciphers. */
import { randomFillSync } from 'node:crypto';

const IV_BYTES = 12;

/**
 * IVs are cut from a pool of random bytes refilled a few hundred at a time: a call to the
 * random source per field costs more than the encryption itself. Each IV is still fresh
 * randomness, used once.
 */
const IV_POOL_BYTES = IV_BYTES * 512;
let ivPool = Buffer.alloc(0);
let ivOffset = IV_POOL_BYTES;

export function freshIv(): Buffer {
  if (ivOffset + IV_BYTES > ivPool.length) {
    ivPool = randomFillSync(Buffer.allocUnsafe(IV_POOL_BYTES));
    ivOffset = 0;
  }
  return ivPool.subarray(ivOffset, (ivOffset += IV_BYTES));
}
