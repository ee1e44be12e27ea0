/**
 * The listed hotels whose search text holds a term, remembered per term and per version and
 * position at which the hotels read model last changed: a search not answered from the response cache
 * tested its term against every hotel's text (1–4 ms at 10,000 hotels, the largest part of
 * such a search in `npm run bench -- search`), while the queries of a real mix share few
 * terms (the benchmark's 10,000 distinct queries hold 54: cities, hotel words). A write that
 * changes a hotel moves the position, so a remembered answer is never older than the hotels
 * it was read from; entries of earlier positions are the first to go when the bound is met.
 *
 * lru-cache's `fetch` lets concurrent searches share one reading of a term's hotels and
 * keeps none that failed; the bound is in hotel ids held (a term every hotel matches holds
 * them all), about 33 bytes each in a set.
 */
import { LRUCache } from 'lru-cache';

const MAX_IDS_HELD = 1_000_000;

type Read = (term: string) => Promise<ReadonlySet<string>>;

export class TermMatches {
  private readonly entries: LRUCache<string, ReadonlySet<string>, { term: string; read: Read }>;

  constructor(maxIdsHeld = MAX_IDS_HELD) {
    this.entries = new LRUCache({
      maxSize: maxIdsHeld,
      sizeCalculation: (hotels) => hotels.size + 1,
      fetchMethod: async (_key, _stale, { context }) => context.read(context.term),
    });
  }

  /** The hotels holding `term` (lowercased) as of `version`, read through `read` when not remembered. */
  async get(term: string, version: string | undefined, read: Read): Promise<ReadonlySet<string>> {
    // Stryker disable next-line StringLiteral: before any stamp; any text that is no stamp keeps the keys apart
    return (await this.entries.fetch(`${version ?? 'start'}|${term}`, { context: { term, read } }))!;
  }
}
