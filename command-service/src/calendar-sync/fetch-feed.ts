/**
 * Fetches another site's calendar feed, defensively: http(s) only; every address connected to
 * is checked at connect time (a `lookup` given to the request, so a name resolving to a private
 * address, or re-resolving to one later, is refused); at most 3 redirects, each checked the
 * same way; one deadline for the whole fetch (a slow server, or one that trickles its body,
 * is cut off); a size cap enforced while the body streams in; conditional requests with the
 * last answer's ETag and Last-Modified.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { calendarSyncMessages } from '@stays/contracts';
import { isForbiddenAddress } from './public-address.ts';

export interface FetchFeedOptions {
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxRedirects: number;
  /** Tests only (CALENDAR_ALLOW_PRIVATE_URLS=1): loopback and private addresses are fetched too. */
  readonly allowPrivateAddresses: boolean;
}

export const defaultFetchFeedOptions: FetchFeedOptions = { timeoutMs: 10_000, maxBytes: 1024 * 1024, maxRedirects: 3, allowPrivateAddresses: false };

/** What the last successful fetch answered, sent back so an unchanged feed answers 304. */
export interface FeedValidators {
  readonly etag?: string;
  readonly lastModified?: string;
}

export type FeedFetch = { readonly kind: 'not-modified' } | ({ readonly kind: 'fetched'; readonly text: string } & FeedValidators);

/** A fetch that failed, with the words the owner reads under the feed. */
export class FeedFetchProblem extends Error {
  // Stryker disable next-line StringLiteral: the name shows in logs only
  override readonly name = 'FeedFetchProblem';
}

/** Resolves like dns.lookup, and refuses (as a lookup error) any forbidden address it resolves to. */
function safeLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      // Stryker disable next-line StringLiteral: no address goes with an error
      if (error) return callback(error, '', 4);
      const refused = allowPrivate ? undefined : addresses.find(({ address }) => isForbiddenAddress(address));
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: dns.lookup answers an error rather than no address
      if (refused !== undefined || addresses.length === 0) return callback(new FeedFetchProblem(calendarSyncMessages.fetchRefusedAddress(hostname)), '', 4);
      // Stryker disable next-line ConditionalExpression: Node 20 asks for all addresses (to try both families) and takes either answer
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** The URL's host checked before connecting: an IP literal is not looked up, so it is checked here. */
function checkedUrl(url: URL, allowPrivate: boolean): URL {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedFetchProblem(calendarSyncMessages.fetchFailed(calendarSyncMessages.urlNotHttp));
  // Stryker disable next-line Regex: brackets only ever enclose an IPv6 host
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) !== 0 && isForbiddenAddress(host)) throw new FeedFetchProblem(calendarSyncMessages.fetchRefusedAddress(host));
  return url;
}

function request(url: URL, headers: Record<string, string>, options: FetchFeedOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.get(url, { headers, lookup: safeLookup(options.allowPrivateAddresses), signal, agent: false }, resolve);
    outgoing.on('error', reject);
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(response.headers['content-length']);
  const tooLarge = () => new FeedFetchProblem(calendarSyncMessages.fetchTooLarge(maxBytes / (1024 * 1024)));
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Fetches `feedUrl`; throws FeedFetchProblem with the reason when it cannot. */
export async function fetchFeed(feedUrl: string, validators: FeedValidators, options: FetchFeedOptions = defaultFetchFeedOptions): Promise<FeedFetch> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'Stays calendar sync' };
  if (validators.etag !== undefined) headers['if-none-match'] = validators.etag;
  if (validators.lastModified !== undefined) headers['if-modified-since'] = validators.lastModified;
  let url = checkedUrl(new URL(feedUrl), options.allowPrivateAddresses);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const response = await request(url, headers, options, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && status !== 304) {
        response.resume();
        const location = response.headers.location;
        if (location === undefined) throw new FeedFetchProblem(calendarSyncMessages.fetchStatus(status));
        if (redirects >= options.maxRedirects) throw new FeedFetchProblem(calendarSyncMessages.fetchTooManyRedirects(options.maxRedirects));
        url = checkedUrl(new URL(location, url), options.allowPrivateAddresses);
        continue;
      }
      if (status === 304) {
        response.resume();
        return { kind: 'not-modified' };
      }
      if (status !== 200) {
        response.resume();
        throw new FeedFetchProblem(calendarSyncMessages.fetchStatus(status));
      }
      const text = await readCapped(response, options.maxBytes);
      const etag = response.headers.etag;
      const lastModified = response.headers['last-modified'];
      return { kind: 'fetched', text, ...(etag !== undefined && { etag }), ...(lastModified !== undefined && { lastModified }) };
    }
  } catch (error) {
    if (error instanceof FeedFetchProblem) throw error;
    if (signal.aborted) throw new FeedFetchProblem(calendarSyncMessages.fetchTimedOut(options.timeoutMs / 1000));
    throw new FeedFetchProblem(calendarSyncMessages.fetchFailed((error as Error).message));
  }
}
