/**
 * Error texts (spec section 8): the server's message (response `message`, or
 * `data.message`), the given fallback when the server sent none, and
 * 'No response from the server' when there was no response at all. DOM-free.
 */
import { messages } from '@stays/contracts';

interface HttpishError {
  readonly response?: { readonly status?: number; readonly data?: unknown; readonly headers?: Record<string, unknown> };
  readonly request?: unknown;
  readonly isAxiosError?: boolean;
}

export function errorText(error: unknown, fallback: string): string {
  const http = (typeof error === 'object' && error !== null ? error : {}) as HttpishError;
  if (http.response === undefined) {
    return http.isAxiosError === true || http.request !== undefined ? messages.ui.noResponse : fallback;
  }
  const body = http.response.data as { message?: unknown; data?: { message?: unknown } } | undefined;
  if (typeof body?.message === 'string' && body.message !== '') return body.message;
  if (typeof body?.data?.message === 'string' && body.data.message !== '') return body.data.message;
  return fallback;
}

/** The HTTP status of a failed call, if the server answered. */
export const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null ? (error as HttpishError).response?.status : undefined;

/**
 * What the server said when it refused a request as bad (400: a stay it cannot answer for,
 * in plain words), or null when it could not be asked or failed on its side: then only a
 * generic text is honest.
 */
export const refusalOf = (error: unknown): string | null => (statusOf(error) === 400 ? errorText(error, '') || null : null);

/** The seconds a refusal's Retry-After header asks to wait (429, 503), if it says. */
export function retryAfterSecondsOf(error: unknown): number | null {
  const header = typeof error === 'object' && error !== null ? (error as HttpishError).response?.headers?.['retry-after'] : undefined;
  const seconds = typeof header === 'string' || typeof header === 'number' ? Number(header) : Number.NaN;
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : null;
}

/**
 * A call that asked for its answer as a Blob (a download) gets a refusal's JSON envelope
 * as a Blob too: read it back into the error, so `errorText` finds the server's message.
 */
export async function withBlobAnswerRead(error: unknown): Promise<unknown> {
  const response = (typeof error === 'object' && error !== null ? (error as HttpishError).response : undefined) as { data?: unknown } | undefined;
  if (response === undefined || !(response.data instanceof Blob)) return error;
  try {
    response.data = JSON.parse(await response.data.text()) as unknown;
  } catch {
    response.data = undefined;
  }
  return error;
}
