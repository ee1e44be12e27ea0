/**
 * A JSON answer serialised and compressed once, then served many times (cached reads).
 * Clients that accept gzip (every browser) get the compressed bytes: a search page of
 * 100 hotel cards shrinks from about 74 KB to a tenth of that. Only one form is kept, the
 * smaller: a cache of answers then holds ten times as many in the same bytes, and the
 * rare client that refuses gzip is answered the bytes unzipped again.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Context } from 'koa';

/** Either the gzipped JSON (when compressing makes it smaller) or the JSON itself. */
export type EncodedJson = { readonly gzip: Buffer; readonly identity?: undefined } | { readonly identity: Buffer; readonly gzip?: undefined };

export function encodeJson(json: string): EncodedJson {
  const identity = Buffer.from(json);
  const gzip = gzipSync(identity);
  return gzip.length < identity.length ? { gzip } : { identity };
}

/** The JSON bytes of an encoded answer. */
export const identityOf = (body: EncodedJson): Buffer => body.identity ?? gunzipSync(body.gzip);

export const encodedSize = (body: EncodedJson): number => (body.gzip ?? body.identity).length;

export function respondWithEncodedJson(ctx: Context, statusCode: number, body: EncodedJson): void {
  ctx.status = statusCode;
  ctx.type = 'application/json';
  ctx.vary('Accept-Encoding');
  if (body.gzip !== undefined && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = body.gzip;
  } else {
    ctx.body = identityOf(body);
  }
}
