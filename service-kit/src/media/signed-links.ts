/**
 * Signed, expiring links to private media, like presigned object URLs: the query carries
 * the reader, the expiry and an HMAC-SHA256 over (media id, reader, expiry) with a server
 * secret. Only the server can make one; changing any part, or using it after its expiry,
 * makes it worthless. The link names its reader so the server can check, when serving,
 * that this reader may still read the object (the account may have gone since).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedLinkParams {
  readonly reader: string;
  /** Unix seconds. */
  readonly expires: string;
  /** base64url HMAC-SHA256. */
  readonly signature: string;
}

export interface MediaLinkSignerOptions {
  readonly lifetimeSeconds: number;
  readonly now?: () => Date;
}

/** At least 256 bits, as for any HMAC-SHA256 key. */
export const MEDIA_LINK_KEY_MIN_BYTES = 32;

const READER = /^[A-Za-z0-9_-]{1,64}$/;

export class MediaLinkSigner {
  private readonly now: () => Date;

  constructor(
    private readonly key: Buffer,
    private readonly options: MediaLinkSignerOptions,
  ) {
    if (key.length < MEDIA_LINK_KEY_MIN_BYTES) throw new RangeError(`a media link key needs at least ${MEDIA_LINK_KEY_MIN_BYTES} bytes`);
    this.now = options.now ?? (() => new Date());
  }

  sign(mediaId: string, reader: string): SignedLinkParams {
    if (!READER.test(reader)) throw new RangeError('a reader id is letters, digits, - and _');
    const expires = String(Math.floor(this.now().getTime() / 1000) + this.options.lifetimeSeconds);
    return { reader, expires, signature: this.mac(mediaId, reader, expires).toString('base64url') };
  }

  /** The reader a link to `mediaId` was signed for, or null when it is missing, malformed, tampered with or expired. */
  readerOf(mediaId: string, query: Readonly<Record<string, unknown>>): string | null {
    const { reader, expires, signature } = query;
    // Stryker disable next-line ConditionalExpression: an expiry that is no text is signed as its text, so it can only match as that
    if (typeof reader !== 'string' || typeof expires !== 'string' || typeof signature !== 'string') return null;
    // no check of the fields' form: only a MAC the server made matches, and the server signs well-formed ones only
    const expected = this.mac(mediaId, reader, expires);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return Number(expires) * 1000 > this.now().getTime() ? reader : null;
  }

  private mac(mediaId: string, reader: string, expires: string): Buffer {
    // Newline-separated, and the server signs no field holding a newline: a text it signed has exactly two newlines
    // after the prefix, so fields given another way (newlines in them or not) never make the same text.
    return createHmac('sha256', this.key).update(`stays-media-link\n${mediaId}\n${reader}\n${expires}`).digest();
  }
}
