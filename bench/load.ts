/** Runs bench/load-client.ts in its own process with a plan and returns what it measured. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { LoadPlan, LoadResult } from './load-client.ts';

export type { LoadPlan, LoadResult, PlannedRequest } from './load-client.ts';

const run = promisify(execFile);

export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stays-load-'));
  try {
    const planFile = path.join(dir, 'plan.json');
    await writeFile(planFile, JSON.stringify(plan));
    const client = fileURLToPath(new URL('./load-client.ts', import.meta.url));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', client, planFile], { maxBuffer: 256 * 1024 * 1024 });
    return JSON.parse(stdout) as LoadResult;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
