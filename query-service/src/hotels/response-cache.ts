/**
 * Caches whole answers of hotel reads (search, all hotels), serialised and gzipped, keyed
 * by the request and by the hotels read model's version and the position at which it last
 * changed (ReadSide.changedAt). A write that changes a hotel or room moves that position, and
 * another version going live changes the stamp, so a cached answer can never be older than
 * the data it was computed from — including right after the caller's own write.
 *
 * lru-cache's `fetch` gives the rest: concurrent requests for the same missing answer share
 * one computation, a computation that fails (bad input) is not kept, and the cache is
 * bounded by bytes, least recently used first out (an answer larger than the whole bound is
 * answered but not kept), so many distinct or huge pages cannot exhaust memory.
 *
 * The bound holds every distinct search of a busy site: an answer is kept gzipped only (a
 * page of 20 cards about 2 KB, of 100 about 7 KB), so 64 MB keeps some 10,000 to 30,000 of
 * them, and searches asked with Zipf frequencies are answered from it once asked once.
 */
import { LRUCache } from 'lru-cache';
import { encodeJson, encodedSize, type EncodedJson } from '@stays/service-kit';

const RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * How the hotel read answers of this process were served, over all its caches: `hits`
 * found their answer kept or already being computed by another request, `misses` computed
 * it; `kept` answers are in the caches now, taking `keptBytes` of their bounds. Read by the
 * search benchmark for its hit ratio and what the cache holds.
 */
export const responseCacheCounts = { hits: 0, misses: 0, kept: 0, keptBytes: 0 };

/** What an entry takes of the bound: its bytes and its key's. */
const entrySize = (answer: EncodedJson, key: string): number => encodedSize(answer) + key.length;

type Compute = () => Promise<string>;

export class ResponseCache {
  private readonly entries: LRUCache<string, EncodedJson, Compute>;

  constructor(maxBytes = RESPONSE_CACHE_BYTES) {
    this.entries = new LRUCache<string, EncodedJson, Compute>({
      maxSize: maxBytes,
      sizeCalculation: entrySize,
      fetchMethod: async (_key, _stale, { context: compute }) => encodeJson(await compute()),
      onInsert: (answer, key) => {
        responseCacheCounts.kept++;
        responseCacheCounts.keptBytes += entrySize(answer, key);
      },
      dispose: (answer, key) => {
        responseCacheCounts.kept--;
        responseCacheCounts.keptBytes -= entrySize(answer, key);
      },
    });
  }

  async get(key: string, version: string | undefined, compute: Compute): Promise<EncodedJson> {
    const status: LRUCache.Status<string, EncodedJson, Compute> = {};
    // Stryker disable next-line StringLiteral: before any stamp; any text that is no stamp keeps the keys apart
    const answer = (await this.entries.fetch(`${version ?? 'start'}|${key}`, { context: compute, status }))!;
    if (status.fetch === 'hit' || status.fetch === 'inflight') responseCacheCounts.hits++;
    else responseCacheCounts.misses++;
    return answer;
  }
}
