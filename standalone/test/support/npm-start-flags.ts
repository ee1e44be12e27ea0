/**
 * The Node flags `npm start` gives the product's process, read from its script in
 * package.json, so tests and benchmarks that start standalone/src/main.ts themselves (to own
 * its pid) run the process operators run.
 */
import { readFileSync } from 'node:fs';

const START = /^npm run build && node((?: --[\w-]+(?:=\S+)?)*) --import tsx standalone\/src\/main\.ts$/;

export function npmStartNodeFlags(): string[] {
  const packageJson = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
  const flags = START.exec(packageJson.scripts.start ?? '')?.[1];
  if (flags === undefined)
    throw new Error(`npm start's script is not "npm run build && node <flags> --import tsx standalone/src/main.ts": ${packageJson.scripts.start}`);
  return flags.split(' ').filter(Boolean);
}
