/**
 * Every listed listing's facets, remembered per availability version and position at which a listing last changed: a
 * search for a stay the response cache does not hold read every listing it could book (some
 * 20,000 at 10,000 hotels when a guest gives only dates) and copied each one out of the read
 * store, two thirds of such a search's cost (docs/decisions/0052). Listings change when an
 * owner adds or changes a room or a hotel leaves, far more rarely than guests search; a
 * booking changes nights, not listings, so it leaves them remembered.
 *
 * lru-cache's `fetch` lets concurrent searches share one reading and keeps none that failed;
 * two positions are held, so the reading for a new one does not drop the one searches are using.
 */
import { LRUCache } from 'lru-cache';
import type { ListedListings } from '@stays/projections/read-models';

type Read = () => Promise<ListedListings>;

export class RememberedListings {
  private readonly entries = new LRUCache<string, ListedListings, Read>({
    max: 2,
    fetchMethod: async (_key, _stale, { context: read }) => read(),
  });

  /** The listed listings as of `version` (`<model version>@<position a listing last changed at>`), read through `read` when not remembered. */
  async get(version: string, read: Read): Promise<ListedListings> {
    return (await this.entries.fetch(version, { context: read }))!;
  }
}
