/**
 * The API reference page at /api-docs: swagger-ui-dist's renderer over the OpenAPI document
 * at {prefix}/openapi.json. Its files are served only here (never in the guests' bundle),
 * under a CSP of the page's own: scripts and styles from this address only, nothing inline,
 * the document fetched from the same origin.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Middleware } from 'koa';
import send from 'koa-send';

export const API_DOCS_PATH = '/api-docs';

export const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
export const ownDir = path.resolve(import.meta.dirname, '../api-docs');
/** The files the page loads, and where each comes from. */
export const apiDocsFiles: Readonly<Record<string, string>> = {
  'swagger-ui.css': swaggerDir,
  'swagger-ui-bundle.js': swaggerDir,
  'init.js': ownDir,
};

export const apiDocsPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The page, reading the document at `documentUrl`. */
export const apiDocsPage = (documentUrl: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stays API reference</title>
<link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui" data-url="${escapeAttribute(documentUrl)}"></div>
<script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/init.js"></script>
</body>
</html>
`;

/** Answers /api-docs and its files; other paths pass on. */
export function apiDocs(apiPrefix: string): Middleware {
  const page = apiDocsPage(`${apiPrefix}/openapi.json`);
  return async (ctx, next) => {
    if (ctx.path !== API_DOCS_PATH && !ctx.path.startsWith(`${API_DOCS_PATH}/`)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    ctx.set('Content-Security-Policy', apiDocsPolicy);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cache-Control', 'no-cache');
    const name = ctx.path.slice(API_DOCS_PATH.length + 1);
    if (name === '') {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = page;
      return;
    }
    const root = apiDocsFiles[name];
    if (root === undefined) {
      ctx.status = 404;
      return;
    }
    await send(ctx, name, { root, brotli: false, gzip: false });
  };
}
