/**
 * Serves the built web client. Any GET that is not a file falls back to index.html, so
 * client-side routes (/hotel/abc, /profile) survive a reload.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp',
  '.ico': 'image/x-icon', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=utf-8', '.map': 'application/json',
};

export function staticFiles(root: string): Middleware {
  const base = path.resolve(root);
  const fileAt = async (requestPath: string): Promise<string | null> => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(requestPath);
    } catch {
      return null;
    }
    const file = path.resolve(base, `.${path.posix.normalize(decoded)}`);
    if (file !== base && !file.startsWith(base + path.sep)) return null;
    const info = await stat(file).catch(() => null);
    return info?.isFile() ? file : null;
  };
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const file = (await fileAt(ctx.path)) ?? (path.extname(ctx.path) === '' ? await fileAt('/index.html') : null);
    if (file === null) return next();
    const info = await stat(file);
    ctx.status = 200;
    ctx.type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
    ctx.length = info.size;
    ctx.set('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.body = ctx.method === 'HEAD' ? null : createReadStream(file);
  };
}
