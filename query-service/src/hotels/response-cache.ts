/**
 * Caches whole JSON answers of hotel reads (search, all hotels) keyed by the request and
 * by the position at which the hotels read model last changed. A write that changes a
 * hotel or room moves that position, so a cached answer can never be older than the data
 * it was computed from — including right after the caller's own write. Bounded LRU.
 */
export class ResponseCache {
  private readonly entries = new Map<string, string>();

  constructor(private readonly maxEntries = 1000) {}

  async get(key: string, version: number | undefined, compute: () => Promise<string>): Promise<string> {
    const fullKey = `${version ?? 'start'}|${key}`;
    const hit = this.entries.get(fullKey);
    if (hit !== undefined) {
      this.entries.delete(fullKey);
      this.entries.set(fullKey, hit);
      return hit;
    }
    const body = await compute();
    this.entries.set(fullKey, body);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return body;
  }
}
