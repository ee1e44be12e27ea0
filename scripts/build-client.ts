/**
 * `npm run build` (and so `npm start`): builds the web client into frontend/dist unless the
 * build there was made from the same inputs. A build takes tens of seconds; a restart of an
 * unchanged checkout needs none of it. The inputs are every file the client is built from
 * (frontend/ but its build output, contracts/src, whose rules and texts it bundles), the
 * lock file (the versions of what it bundles) and the VITE_ variables the build reads; their
 * hash is kept beside the build, and a build that fails leaves no hash, so the next start
 * builds again.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the hash of the inputs of the build in frontend/dist is kept. */
export const INPUTS_FILE = '.inputs.sha256';

function filesUnder(dir: string, skip: ReadonlySet<string>): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (skip.has(entry.name)) return [];
    return entry.isDirectory() ? filesUnder(full, skip) : [full];
  });
}

/** The hash of everything the web client is built from, in `root`, with the environment `env`. */
export function clientInputsHash(root: string, env: NodeJS.ProcessEnv): string {
  const files = [
    ...filesUnder(path.join(root, 'frontend'), new Set(['dist', 'node_modules', 'test', 'test-results'])),
    ...filesUnder(path.join(root, 'contracts', 'src'), new Set()),
    path.join(root, 'package-lock.json'),
  ]
    .filter(existsSync)
    .sort();
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${path.relative(root, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('VITE_'))
    .sort())
    hash.update(`${name}=${env[name]}\0`);
  return hash.digest('hex');
}

/** Builds the client unless frontend/dist holds a build of the same inputs; says which it did. */
export function buildClient(root: string, env: NodeJS.ProcessEnv, build: () => void): 'built' | 'up to date' {
  const inputs = clientInputsHash(root, env);
  const kept = path.join(root, 'frontend', 'dist', INPUTS_FILE);
  if (existsSync(kept) && readFileSync(kept, 'utf8') === inputs && existsSync(path.join(root, 'frontend', 'dist', 'index.html'))) return 'up to date';
  rmSync(kept, { force: true });
  build();
  writeFileSync(kept, inputs);
  return 'built';
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outcome = buildClient(ROOT, process.env, () => execFileSync('npm', ['run', 'build', '--workspace', 'frontend'], { cwd: ROOT, stdio: 'inherit' }));
  if (outcome === 'up to date') console.log('web client in frontend/dist is up to date: not rebuilt');
}
