/**
 * The secret links to listings' calendar feeds (`{api_prefix}/calendar/{roomId}/{token}.ics`).
 * The token is not stored anywhere: it is a keyed hash (HMAC-SHA-256 under CALENDAR_FEED_KEY,
 * kept out of the log) of the listing and the version of its link, cut to 160 bits. The owner
 * can therefore see the link again at any time, and making a new link (a new version,
 * recorded as CalendarExportRenewed) kills the old one without any list of revoked tokens.
 * A copy of the log alone opens no feed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOKEN_BYTES = 20;
/** Separates these hashes from anything else the same key might ever key. */
const PURPOSE = 'calendar-feed-link';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{27}$/;

export interface CalendarFeedLinksOptions {
  readonly key: Buffer;
  /** e.g. `https://stays.example.in` (the config's `publicUrl`). */
  readonly publicUrl: string;
  readonly apiPrefix: string;
}

export class CalendarFeedLinks {
  constructor(private readonly options: CalendarFeedLinksOptions) {}

  tokenOf(roomId: string, version: number): string {
    return createHmac('sha256', this.options.key).update(`${PURPOSE}|${roomId}|${version}`).digest().subarray(0, TOKEN_BYTES).toString('base64url');
  }

  /** The absolute URL an owner gives other sites. */
  urlOf(roomId: string, version: number): string {
    return `${this.options.publicUrl.replace(/\/+$/, '')}${this.options.apiPrefix}/calendar/${encodeURIComponent(roomId)}/${this.tokenOf(roomId, version)}.ics`;
  }

  /**
   * Whether `feedFile` (`{token}.ics`) is the listing's current link. Compared in constant
   * time; a listing unknown (`version` null) is compared against a token all the same, so a
   * wrong token takes as long whatever the listing.
   */
  matches(roomId: string, version: number | null, feedFile: string): boolean {
    const token = feedFile.endsWith('.ics') ? feedFile.slice(0, -4) : '';
    const expected = Buffer.from(this.tokenOf(roomId, version ?? -1));
    const given = Buffer.from(TOKEN_SHAPE.test(token) ? token : 'x'.repeat(expected.length));
    return timingSafeEqual(expected, given) && version !== null;
  }
}
