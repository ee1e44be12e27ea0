/**
 * Serves the built web client (koa-send); other methods than GET and HEAD get 405. Any GET that is not a file, and names none (no
 * extension), gets index.html, so client-side routes (/hotel/abc, /profile) survive a
 * reload; a missing file with an extension is left to the 404. Vite's hashed files under
 * assets/ never change and are cached for a year; everything else is revalidated.
 */
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

export function staticFiles(root: string): Middleware {
  const base = path.resolve(root);
  const hashedAssets = path.join(base, 'assets') + path.sep;
  const options: send.SendOptions = {
    root: base,
    // no precompressed variants are built; never look for .br/.gz siblings
    brotli: false,
    gzip: false,
    setHeaders: (response, file) => {
      response.setHeader('Cache-Control', file.startsWith(hashedAssets) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  };
  /** Sends the file at `file`; false when there is none to send (missing, a folder, hidden, outside the root, malformed). */
  const sent = async (ctx: Parameters<Middleware>[0], file: string): Promise<boolean> => {
    try {
      return (await send(ctx, file, options)) !== undefined;
    } catch (error) {
      if (typeof (error as { status?: unknown }).status === 'number' && (error as { status: number }).status < 500) return false;
      throw error;
    }
  };
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    if (await sent(ctx, ctx.path)) return;
    if (path.extname(ctx.path) === '' && (await sent(ctx, '/index.html'))) return;
    return next();
  };
}
