/**
 * Caches whole answers of hotel reads (search, all hotels), serialised and gzipped, keyed
 * by the request and by the position at which the hotels read model last changed. A write
 * that changes a hotel or room moves that position, so a cached answer can never be older
 * than the data it was computed from — including right after the caller's own write.
 *
 * Concurrent requests for the same missing answer share one computation; a computation
 * that fails (bad input) is not kept. Bounded by bytes, least recently used first out, so
 * many distinct or huge pages cannot exhaust memory.
 */
import { encodeJson, encodedSize, type EncodedJson } from '@stays/service-kit';

const RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;

export class ResponseCache {
  private readonly entries = new Map<string, EncodedJson>();
  private readonly computing = new Map<string, Promise<EncodedJson>>();
  private bytes = 0;

  constructor(private readonly maxBytes = RESPONSE_CACHE_BYTES) {}

  get(key: string, version: number | undefined, compute: () => Promise<string>): Promise<EncodedJson> {
    const fullKey = `${version ?? 'start'}|${key}`;
    const hit = this.entries.get(fullKey);
    if (hit !== undefined) {
      this.entries.delete(fullKey); // re-inserted: now the most recently used
      this.entries.set(fullKey, hit);
      return Promise.resolve(hit);
    }
    let pending = this.computing.get(fullKey);
    if (pending === undefined) {
      pending = compute().then(encodeJson).then((body) => {
        this.store(fullKey, body);
        return body;
      }).finally(() => this.computing.delete(fullKey));
      this.computing.set(fullKey, pending);
    }
    return pending;
  }

  private store(key: string, body: EncodedJson): void {
    const size = encodedSize(body);
    if (size > this.maxBytes) return;
    this.entries.set(key, body);
    this.bytes += size;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= encodedSize(old);
    }
  }
}
