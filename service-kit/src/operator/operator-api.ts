/**
 * The operator's HTTP calls to a running process, behind the operator token: each part of
 * the product that offers calls (read model versions, auditor accounts) hands in an
 * OperatorRoute, and this listener checks the token, reads the JSON body, finds the route
 * and writes the API's envelope: `{success, data}` or `{success:false, message, statusCode}`.
 * The commands that call it (`npm run projection`, `npm run auditor`) use operatorClient.
 */
import { timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { AppError } from '../http/errors.ts';
import { lineLogger } from '../observability/logger.ts';

export const OPERATOR_PATH = '/operator/';
/** Operator calls carry a name and a password at most. */
const MAX_BODY_BYTES = 16 * 1024;

export interface OperatorAnswer {
  readonly statusCode: number;
  readonly data: unknown;
}

export interface OperatorRequest {
  readonly method: string;
  /** The decoded path segments, starting with 'operator'. */
  readonly parts: readonly string[];
  /** The JSON body (undefined when there is none). */
  readonly body: unknown;
}

/**
 * The answer to a call this route serves, or null when the call is not its. An AppError
 * it throws is answered with its status and message; anything else is logged and answered 500.
 */
export type OperatorRoute = (request: OperatorRequest) => Promise<OperatorAnswer> | null;

const matches = (presented: string, token: string): boolean => {
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

function answer(res: http.ServerResponse, statusCode: number, body: object): void {
  res.writeHead(statusCode, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

const fail = (res: http.ServerResponse, statusCode: number, message: string) => answer(res, statusCode, { success: false, message, statusCode });

async function jsonBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new AppError(413, `an operator call's body is at most ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  if (size === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new AppError(400, 'the body of an operator call must be JSON');
  }
}

/** A request listener for the operator's calls; it answers every path under /operator/. */
export function operatorApi(routes: readonly OperatorRoute[], token: string, log: (line: string) => void = lineLogger()): http.RequestListener {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://operator');
    const presented = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (presented === undefined || !matches(presented, token)) {
      // the body of a refused call is never read
      req.resume();
      fail(res, 401, 'the operator token is missing or wrong');
      return;
    }
    const method = req.method ?? 'GET';
    const served = (async () => {
      const request: OperatorRequest = { method, parts: url.pathname.split('/').filter(Boolean).map(decodeURIComponent), body: await jsonBody(req) };
      for (const route of routes) {
        const call = route(request);
        if (call !== null) return call;
      }
      throw new AppError(404, `no operator call ${method} ${url.pathname}`);
    })();
    served.then(
      ({ statusCode, data }) => answer(res, statusCode, { success: true, data }),
      (error: unknown) => {
        if (error instanceof AppError) {
          fail(res, error.statusCode, error.message);
          return;
        }
        // an unexpected error is the process's log's to tell, not the answer's
        log(`operator call ${method} ${url.pathname} failed: ${error instanceof Error ? error.stack : String(error)}`);
        fail(res, 500, 'the operator call failed; the process that serves it logged why');
      },
    );
  };
}

/** An operator call's answer was a failure, or the process could not be reached. */
export class OperatorCallError extends Error {
  override readonly name = 'OperatorCallError';
}

/** Calls `baseUrl`'s operator API with the token; resolves to the answer's data, rejects with OperatorCallError. */
export function operatorClient(baseUrl: string, token: string) {
  return async <T>(method: string, pathname: string, body?: unknown): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${pathname}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new OperatorCallError(
        `cannot reach ${baseUrl} (${String((error as Error).cause ?? error)}): is the projections worker or \`npm start\` running there? (OPERATOR_URL)`,
      );
    }
    const answered = (await response.json().catch(() => null)) as { success: boolean; data?: T; message?: string } | null;
    if (answered === null || !answered.success) throw new OperatorCallError(answered?.message ?? `${baseUrl} answered ${response.status}`);
    return answered.data as T;
  };
}
