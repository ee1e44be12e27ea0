/**
 * Media links as clients receive them. Events record a server-relative path
 * (`{api_prefix}/media/{id}`, with whatever prefix was configured then); answers turn it
 * into an absolute URL on the configured public address, so a page on another origin can
 * use it as it comes (`<img src>`, `<a href>`), and no answer ever depends on the Host a
 * caller sent (cached answers are shared). The log is never rewritten: old events read
 * the same way. A link recorded from elsewhere (a Google profile picture) passes unchanged.
 *
 * Private media (invoices) get a signed link for one reader instead (MediaLinkSigner).
 */
import { isValidMediaId } from './media-id.ts';
import type { MediaLinkSigner } from './signed-links.ts';

export interface MediaLinksOptions {
  /** e.g. `https://stays.example.in` (the config's `publicUrl`). */
  readonly publicUrl: string;
  /** The `{api_prefix}` media are served under now. */
  readonly apiPrefix: string;
  /** Needed only where private links are handed out and checked (the query side). */
  readonly signer?: MediaLinkSigner;
}

const ABSOLUTE = /^https?:\/\//i;

export class MediaLinks {
  private readonly base: string;

  constructor(private readonly options: MediaLinksOptions) {
    this.base = `${options.publicUrl.replace(/\/+$/, '')}${options.apiPrefix}/media/`;
  }

  /** The media id a recorded link names (its last path segment), or null for a link from elsewhere. */
  mediaIdOf(recorded: string): string | null {
    if (ABSOLUTE.test(recorded)) return null;
    let id: string | undefined;
    try {
      id = decodeURIComponent(recorded.slice(recorded.lastIndexOf('/') + 1));
    } catch {
      // a malformed escape: no id, which names no media
    }
    return isValidMediaId(id) ? id : null;
  }

  /** The public URL of a media id. */
  urlOf(mediaId: string): string {
    return `${this.base}${encodeURIComponent(mediaId)}`;
  }

  /** The absolute URL of a recorded public link (hotel and room photos, profile images). */
  absolute(recorded: string): string {
    const id = this.mediaIdOf(recorded);
    return id === null ? recorded : this.urlOf(id);
  }

  absoluteAll(recorded: readonly string[]): string[] {
    return recorded.map((link) => this.absolute(link));
  }

  /** A signed, expiring link to a recorded private media object (an invoice), valid for `reader` only. */
  signed(recorded: string, reader: string): string {
    const id = this.mediaIdOf(recorded);
    if (id === null) throw new Error(`not a link to our media: ${recorded.slice(0, 80)}`);
    return `${this.urlOf(id)}?${new URLSearchParams({ ...this.signer().sign(id, reader) })}`;
  }

  /** The reader a request's signed link was made for, or null when it is missing, tampered with or expired. */
  signedReaderOf(mediaId: string, query: Readonly<Record<string, unknown>>): string | null {
    return this.signer().readerOf(mediaId, query);
  }

  private signer(): MediaLinkSigner {
    if (this.options.signer === undefined) throw new Error('private media links need a MediaLinkSigner');
    return this.options.signer;
  }
}
