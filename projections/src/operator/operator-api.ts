/**
 * The operator's calls on read model versions, served by the process that runs projections
 * (the projections worker, or `npm start`) through service-kit's operatorApi; `npm run
 * projection` is their client:
 *
 *   GET    /operator/read-models                         every model's versions (status)
 *   POST   /operator/read-models/<name>/build            a new version beside the live one
 *   POST   /operator/read-models/<name>/switch           the version built goes live
 *   DELETE /operator/read-models/<name>/versions/<v>     a version that is not live is dropped
 *   POST   /operator/read-models/<name>/documents        a page of a version's documents, read only
 *          {version?, collection?, filter?, sort?, limit?, skip?, after?} (document-query.ts)
 *
 * Reading documents is a POST because the query is a body (MongoDB's filter and sort), and
 * reads nothing but the read store. The operator reads only models whose handlers read no
 * personal field (`personalFields: 'none'`): the others hold names and contacts, which are
 * for auditors, whose every read is recorded (docs/decisions/0031).
 */
import { AppError, type OperatorAnswer, type OperatorRoute } from '@stays/service-kit';
import type { ReadStore } from '@stays/read-store';
import { DocumentQueryError, readModelDocuments, type DocumentQuery } from '../document-query.ts';
import { ReadModelOperationError, type ReadModelRunner } from '../read-model-runner.ts';
import { lineLogger } from '@stays/service-kit';

export function readModelOperatorRoute(runner: ReadModelRunner, readStore: ReadStore, log: (line: string) => void = lineLogger()): OperatorRoute {
  return ({ method, parts, body }) => {
    if (parts[1] !== 'read-models') return null;
    const call = route(runner, readStore, log, method, parts, body);
    return call === null
      ? null
      : call.catch((error: unknown) => {
          throw error instanceof ReadModelOperationError || error instanceof DocumentQueryError ? new AppError(error.status, error.message) : error;
        });
  };
}

function route(
  runner: ReadModelRunner,
  readStore: ReadStore,
  log: (line: string) => void,
  method: string,
  parts: readonly string[],
  body: unknown,
): Promise<OperatorAnswer> | null {
  const [, , name, action, version, ...rest] = parts;
  if (rest.length > 0) return null;
  if (method === 'POST' && name !== undefined && action === 'documents' && version === undefined) return documents(runner, readStore, log, name, body);
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

async function documents(runner: ReadModelRunner, readStore: ReadStore, log: (line: string) => void, name: string, body: unknown): Promise<OperatorAnswer> {
  const personalFields = runner.personalFieldsOf(name);
  if (personalFields === undefined)
    throw new DocumentQueryError(
      `no read model is named ${name} (read models: ${runner.modelNames().join(', ')}; a new file is read by \`build ${name}\`)`,
      404,
    );
  if (personalFields === 'read')
    throw new AppError(
      403,
      `${name} reads personal fields, so its documents are for auditors, whose reads are recorded (the read models panel); the operator reads models with personalFields: 'none'`,
    );
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body)))
    throw new DocumentQueryError('a documents query is a JSON object: {version?, collection?, filter?, sort?, limit?, skip?, after?}', 400);
  const query = (body ?? {}) as DocumentQuery;
  if (query.version !== undefined && !(typeof query.version === 'number' && Number.isSafeInteger(query.version) && query.version >= 1))
    throw new DocumentQueryError(`version must be a whole number from 1, not ${JSON.stringify(query.version)}`, 400);
  if (query.collection !== undefined && typeof query.collection !== 'string') throw new DocumentQueryError('collection is a name', 400);
  const answer = await readModelDocuments(readStore, name, query);
  // The operator's reads are not an auditor's (no account to record them on): the process's log keeps a line of each query
  // (an export's first page), naming the fields filtered on but not the values, which may be personal.
  if (query.after === undefined) {
    const fields = Object.keys((query.filter ?? {}) as object).join(', ');
    log(`operator read ${answer.model}@${answer.version} ${answer.collection}${fields === '' ? '' : ` filtered on ${fields}`}`);
  }
  return { statusCode: 200, data: answer };
}
