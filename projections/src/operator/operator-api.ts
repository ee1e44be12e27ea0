/**
 * The operator's HTTP calls to the process that runs projections (the projections worker,
 * or `npm start`), behind the operator token; `npm run projection` is their client:
 *
 *   GET    /operator/read-models                         every model's versions (status)
 *   POST   /operator/read-models/<name>/build            a new version beside the live one
 *   POST   /operator/read-models/<name>/switch           the version built goes live
 *   DELETE /operator/read-models/<name>/versions/<v>     a version that is not live is dropped
 *
 * Answers are the API's envelope: `{success, data}` or `{success:false, message, statusCode}`.
 */
import { timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { ReadModelOperationError, type ReadModelRunner } from '../read-model-runner.ts';

export const OPERATOR_PATH = '/operator/';

const matches = (presented: string, token: string): boolean => {
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

function answer(res: http.ServerResponse, statusCode: number, body: object): void {
  res.writeHead(statusCode, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

const fail = (res: http.ServerResponse, statusCode: number, message: string) => answer(res, statusCode, { success: false, message, statusCode });

/** A request listener for the operator's calls; it answers every path under /operator/. */
export function operatorApi(runner: ReadModelRunner, token: string, log: (line: string) => void = console.error): http.RequestListener {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://operator');
    const presented = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (presented === undefined || !matches(presented, token)) {
      fail(res, 401, 'the operator token is missing or wrong');
      return;
    }
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const call = route(runner, req.method ?? 'GET', parts);
    if (call === null) {
      fail(res, 404, `no operator call ${req.method} ${url.pathname}`);
      return;
    }
    call.then(({ statusCode, data }) => answer(res, statusCode, { success: true, data }), (error: unknown) => {
      if (error instanceof ReadModelOperationError) {
        fail(res, error.status, error.message);
        return;
      }
      // an unexpected error is the process's log's to tell, not the answer's
      log(`operator call ${req.method} ${url.pathname} failed: ${error instanceof Error ? error.stack : String(error)}`);
      fail(res, 500, 'the operator call failed; the process that runs projections logged why');
    });
  };
}

function route(runner: ReadModelRunner, method: string, parts: string[]): Promise<{ statusCode: number; data: unknown }> | null {
  if (parts[0] !== 'operator' || parts[1] !== 'read-models') return null;
  const [, , name, action, version, ...rest] = parts;
  if (rest.length > 0) return null;
  if (method === 'GET' && name === undefined) return runner.status().then((data) => ({ statusCode: 200, data }));
  if (name === undefined) return null;
  if (method === 'POST' && action === 'build' && version === undefined) return runner.build(name).then((data) => ({ statusCode: 202, data }));
  if (method === 'POST' && action === 'switch' && version === undefined) return runner.switch(name).then((data) => ({ statusCode: 200, data }));
  if (method === 'DELETE' && action === 'versions' && version !== undefined) {
    if (!/^[1-9][0-9]{0,8}$/.test(version)) return Promise.reject(new ReadModelOperationError(`version must be a whole number from 1, not ${version}`, 400));
    return runner.drop(name, Number(version)).then(() => ({ statusCode: 200, data: { dropped: `${name}@${version}` } }));
  }
  return null;
}
