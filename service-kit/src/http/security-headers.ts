/**
 * Security headers, through helmet (koa-helmet): one policy for API answers (JSON and
 * media) and one for the web client's pages. Both forbid framing (`frame-ancestors
 * 'none'` and `X-Frame-Options: DENY`), send `nosniff`, a referrer policy that never
 * leaks a path or query to another origin, and HSTS only when the product is served over
 * https (the public address says so; HSTS over plain http is ignored by browsers anyway).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
import nodeHelmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeadersOptions {
  /** The configured public address (`PUBLIC_URL`): its origin may serve media, and https turns on HSTS. */
  readonly publicUrl: string;
  /** Google sign-in is configured: the client's pages may load Google Identity Services. */
  readonly googleSignIn: boolean;
}

/** Where Google Identity Services loads from (its script, styles, iframes and calls) and where Google profile pictures live. */
const GOOGLE_IDENTITY = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frames: 'https://accounts.google.com/gsi/',
  calls: 'https://accounts.google.com/gsi/',
  pictures: 'https://*.googleusercontent.com',
} as const;

const isHttps = (options: SecurityHeadersOptions) => options.publicUrl.toLowerCase().startsWith('https://');

type CspDirectives = Record<string, string[]>;

/** The CSP the built web client satisfies: everything from its own origin, nothing inline, nothing eval'd. */
function clientContentSecurityPolicy(options: SecurityHeadersOptions): CspDirectives {
  const google = options.googleSignIn;
  const media = new URL(options.publicUrl).origin;
  const directives: CspDirectives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(google ? [GOOGLE_IDENTITY.script] : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...(google ? [GOOGLE_IDENTITY.style] : [])],
    // data: for the icons inside Blueprint's CSS, blob: for the previews of images being uploaded
    'img-src': ["'self'", 'data:', 'blob:', media, ...(google ? [GOOGLE_IDENTITY.pictures] : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(google ? [GOOGLE_IDENTITY.calls] : [])],
    'frame-src': google ? [GOOGLE_IDENTITY.frames] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (isHttps(options)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** API answers are data: nothing in them may load, run or be framed. */
const API_CONTENT_SECURITY_POLICY: CspDirectives = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

function helmetOptions(
  options: SecurityHeadersOptions,
  directives: CspDirectives,
  crossOriginOpener: 'same-origin' | 'same-origin-allow-popups',
): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginOpenerPolicy: { policy: crossOriginOpener },
    // Same-origin by default; media answers widen it to cross-origin (pages on other origins show them in <img>).
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isHttps(options) ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  };
}

/** Headers of every API answer (JSON, media, errors). */
export const apiSecurityHeaders = (options: SecurityHeadersOptions): Middleware => helmet(helmetOptions(options, API_CONTENT_SECURITY_POLICY, 'same-origin'));

/** Google's sign-in popup needs its opener kept. */
const clientHelmetOptions = (options: SecurityHeadersOptions) =>
  helmetOptions(options, clientContentSecurityPolicy(options), options.googleSignIn ? 'same-origin-allow-popups' : 'same-origin');

/** Headers of the web client's pages and files. */
export const clientSecurityHeaders = (options: SecurityHeadersOptions): Middleware => helmet(clientHelmetOptions(options));

/**
 * The same headers as name → value, for the production gateway, which serves the client's
 * files itself (scripts/gateway-headers.ts writes them into its configuration). Helmet
 * computes them, so both ways of serving the client send exactly the same policy.
 */
export function clientSecurityHeaderValues(options: SecurityHeadersOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    removeHeader: () => undefined,
  };
  let failure: unknown;
  nodeHelmet(clientHelmetOptions(options))({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure;
  return headers;
}
