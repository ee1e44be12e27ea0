/**
 * A small HTTP client for API tests: JSON and multipart calls returning status and parsed body.
 * Every answer is checked against the OpenAPI document (a mismatch fails the test naming the route).
 */
import { answerCheckerFor } from '@stays/service-kit/testing';
import { API } from './test-system.ts';

export interface ApiResponse<T = any> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

export interface CallOptions {
  readonly token?: string;
  readonly headers?: Record<string, string>;
}

export class ApiClient {
  constructor(readonly baseUrl: string) {}

  url(path: string): string {
    return `${this.baseUrl}${API}${path}`;
  }

  get<T = any>(path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    return this.send('GET', path, undefined, options);
  }

  delete<T = any>(path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    return this.send('DELETE', path, undefined, options);
  }

  post<T = any>(path: string, json: unknown, options: CallOptions = {}): Promise<ApiResponse<T>> {
    return this.send('POST', path, JSON.stringify(json), { ...options, headers: { 'content-type': 'application/json', ...options.headers } });
  }

  patch<T = any>(path: string, json: unknown, options: CallOptions = {}): Promise<ApiResponse<T>> {
    return this.send('PATCH', path, JSON.stringify(json), { ...options, headers: { 'content-type': 'application/json', ...options.headers } });
  }

  /** Raw body with an explicit content type (for malformed and hostile requests). */
  raw<T = any>(method: string, path: string, body: string, contentType: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    return this.send(method, path, body, { ...options, headers: { 'content-type': contentType, ...options.headers } });
  }

  multipart<T = any>(
    method: 'POST' | 'PATCH',
    path: string,
    fields: Record<string, string>,
    files: Record<string, FilePart | FilePart[]> = {},
    options: CallOptions = {},
  ): Promise<ApiResponse<T>> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [name, parts] of Object.entries(files)) {
      for (const part of Array.isArray(parts) ? parts : [parts])
        form.append(name, new Blob([new Uint8Array(part.content)], { type: part.type }), part.filename);
    }
    return this.send(method, path, form, options);
  }

  async send<T>(method: string, path: string, body: string | FormData | undefined, options: CallOptions): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const url = path.startsWith('http') ? path : this.url(path);
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    const contentType = response.headers.get('content-type');
    answerCheckerFor(API).check({ method, path: new URL(url).pathname, status: response.status, contentType, body: parsed });
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
}

export interface FilePart {
  readonly filename: string;
  readonly type: string;
  readonly content: Buffer;
}
