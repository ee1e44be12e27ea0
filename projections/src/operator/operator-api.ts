/**
 * The operator's calls on read model versions, served by the process that runs projections
 * (the projections worker, or `npm start`) through service-kit's operatorApi; `npm run
 * projection` is their client:
 *
 *   GET    /operator/read-models                         every model's versions (status)
 *   POST   /operator/read-models/<name>/build            a new version beside the live one
 *   POST   /operator/read-models/<name>/switch           the version built goes live
 *   DELETE /operator/read-models/<name>/versions/<v>     a version that is not live is dropped
 */
import { AppError, type OperatorAnswer, type OperatorRoute } from '@stays/service-kit';
import { ReadModelOperationError, type ReadModelRunner } from '../read-model-runner.ts';

export function readModelOperatorRoute(runner: ReadModelRunner): OperatorRoute {
  return ({ method, parts }) => {
    if (parts[1] !== 'read-models') return null;
    const call = route(runner, method, parts);
    return call === null
      ? null
      : call.catch((error: unknown) => {
          throw error instanceof ReadModelOperationError ? new AppError(error.status, error.message) : error;
        });
  };
}

function route(runner: ReadModelRunner, method: string, parts: readonly string[]): Promise<OperatorAnswer> | null {
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
