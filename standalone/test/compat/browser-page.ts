/**
 * A page of the spec's web client as a browser runs it on another origin: calls go out the
 * way its axios (1.x) builds them, and every answer passes the browser's CORS checks first
 * (a preflight for anything but a simple request, then Access-Control-Allow-Origin on the
 * answer itself), or the test fails as the page would.
 */
import { expect } from 'chai';
import type { FilePart } from '../support/http-client.ts';
import { API } from '../support/test-system.ts';

export interface PageResponse<T = any> {
  readonly status: number;
  /** The parsed JSON body, as axios puts it in `response.data`. */
  readonly data: T;
  readonly headers: Headers;
}

/** A field of a FormData the client builds: text, or a picked file. */
export type FormValue = string | number | boolean | FilePart;

export interface PageCall {
  /** Headers the client's code sets itself. */
  readonly headers?: Record<string, string>;
  /** `axios.post(url, object)`: sent as JSON. */
  readonly json?: unknown;
  /** `axios.post(url, formData)`: entries in the order the client appends them. */
  readonly form?: readonly (readonly [string, FormValue])[];
}

/** Request headers a page may send without a preflight (Fetch standard, CORS-safelisted). */
const SAFELISTED_HEADERS = new Set(['accept', 'accept-language', 'content-language', 'content-type']);
const SIMPLE_CONTENT_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);
const SIMPLE_METHODS = new Set(['GET', 'HEAD', 'POST']);

export class BrowserPage {
  /** What the client keeps in localStorage under `accessToken`. */
  accessToken: string | null = null;
  /** Every preflight the browser sent, for assertions about PATCH and DELETE. */
  readonly preflights: { method: string; path: string; allowMethods: string; allowHeaders: string }[] = [];

  /**
   * @param backend the client's one backend constant (`URL` in its `src/assets/URL.js`)
   * @param origin where the client itself is served from
   */
  constructor(
    readonly backend: string,
    readonly origin: string,
  ) {}

  /** `Authorization: Bearer <token>` from localStorage, as every data-changing call sends it. */
  bearer(): Record<string, string> {
    return { Authorization: `Bearer ${this.accessToken}` };
  }

  get<T = any>(path: string, call: PageCall = {}): Promise<PageResponse<T>> {
    return this.request('GET', path, call);
  }

  post<T = any>(path: string, call: PageCall = {}): Promise<PageResponse<T>> {
    return this.request('POST', path, call);
  }

  patch<T = any>(path: string, call: PageCall = {}): Promise<PageResponse<T>> {
    return this.request('PATCH', path, call);
  }

  delete<T = any>(path: string, call: PageCall = {}): Promise<PageResponse<T>> {
    return this.request('DELETE', path, call);
  }

  async request<T>(method: string, path: string, call: PageCall): Promise<PageResponse<T>> {
    const url = `${this.backend}${API}${path}`;
    const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
    for (const [name, value] of Object.entries(call.headers ?? {})) headers[name] = value;
    const body = this.body(call, headers);
    await this.passPreflight(method, url, headers);
    const response = await fetch(url, { method, headers: { ...headers, Origin: this.origin }, body });
    expect(response.headers.get('access-control-allow-origin'), `${method} ${path}: the browser hands the answer (${response.status}) to the page`).to.equal(
      this.origin,
    );
    const text = await response.text();
    return { status: response.status, data: (text === '' ? null : JSON.parse(text)) as T, headers: response.headers };
  }

  /**
   * The body as axios 1.x sends it: an object as JSON; a FormData as JSON when the code
   * set `Content-Type: application/json` (axios converts it), else as multipart, for
   * which the browser sets the content type with its boundary.
   */
  private body(call: PageCall, headers: Record<string, string>): string | FormData | undefined {
    const contentType = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type');
    if (call.json !== undefined) {
      if (contentType === undefined) headers['Content-Type'] = 'application/json';
      return JSON.stringify(call.json);
    }
    if (call.form === undefined) return undefined;
    if (contentType?.[1] === 'application/json') {
      return JSON.stringify(Object.fromEntries(call.form.map(([name, value]) => [name, String(value)])));
    }
    if (contentType !== undefined) delete headers[contentType[0]];
    const form = new FormData();
    for (const [name, value] of call.form) {
      if (typeof value === 'object') form.append(name, new Blob([new Uint8Array(value.content)], { type: value.type }), value.filename);
      else form.append(name, String(value));
    }
    return form;
  }

  private async passPreflight(method: string, url: string, headers: Record<string, string>): Promise<void> {
    const unsafe = Object.entries(headers)
      .filter(
        ([name, value]) =>
          !SAFELISTED_HEADERS.has(name.toLowerCase()) || (name.toLowerCase() === 'content-type' && !SIMPLE_CONTENT_TYPES.has(value.split(';')[0]!.trim())),
      )
      .map(([name]) => name.toLowerCase())
      .sort();
    if (SIMPLE_METHODS.has(method) && unsafe.length === 0) return;
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        Origin: this.origin,
        'Access-Control-Request-Method': method,
        ...(unsafe.length > 0 && { 'Access-Control-Request-Headers': unsafe.join(',') }),
      },
    });
    const where = `preflight of ${method} ${new URL(url).pathname}`;
    expect(preflight.status, where).to.be.within(200, 299);
    expect(preflight.headers.get('access-control-allow-origin'), where).to.equal(this.origin);
    const allowMethods = preflight.headers.get('access-control-allow-methods') ?? '';
    const allowHeaders = preflight.headers.get('access-control-allow-headers') ?? '';
    if (!SIMPLE_METHODS.has(method))
      expect(
        allowMethods.split(',').map((m) => m.trim().toUpperCase()),
        where,
      ).to.include(method);
    const allowed = allowHeaders.split(',').map((h) => h.trim().toLowerCase());
    for (const header of unsafe) expect(allowed, `${where}: header ${header}`).to.include(header);
    this.preflights.push({ method, path: new URL(url).pathname, allowMethods, allowHeaders });
  }
}
