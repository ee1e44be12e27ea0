/** The operator's calls to a test system (read model versions), with the token it keeps in its data directory. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReadModelsStatus, ReadModelVersionStatus } from '@stays/projections';
import type { TestSystem } from './test-system.ts';

export interface OperatorAnswer<T = any> {
  readonly status: number;
  readonly body: { success: boolean; data?: T; message?: string; statusCode?: number };
}

export async function operatorToken(dataDir: string): Promise<string> {
  return (await readFile(path.join(dataDir, 'keys', 'operator.token'), 'utf8')).trim();
}

export function operatorClient(stays: TestSystem) {
  const call = async <T = any>(method: string, pathname: string, token?: string): Promise<OperatorAnswer<T>> => {
    const response = await fetch(`${stays.baseUrl}/operator/read-models${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token ?? (await operatorToken(stays.dataDir))}` },
    });
    return { status: response.status, body: (await response.json()) as OperatorAnswer<T>['body'] };
  };
  return {
    call,
    async version(model: string, version: number): Promise<ReadModelVersionStatus | undefined> {
      const status = (await call<ReadModelsStatus>('GET', '')).body.data!;
      return status.models.find((candidate) => candidate.name === model)?.versions.find((candidate) => candidate.version === version);
    },
  };
}
