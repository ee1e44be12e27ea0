/**
 * Every test file says its level in its name, with exactly one of the suffixes of
 * docs/development.md ("Tests"): a reader and a runner can pick the fast tests from the
 * slow ones by name alone.
 */
import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const LEVEL = /\.(unit|contract|api|e2e)\.test\.tsx?$/;

/** Files under `dir` whose names end in `.test.ts` or `.test.tsx`, skipping installed packages and build output. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [path.relative(ROOT, full)] : [];
  });
}

/** The level suffixes a file name carries (`a.unit.api.test.ts` carries two). */
const levelsOf = (name: string) => name.split('.').filter((part) => ['unit', 'contract', 'api', 'e2e'].includes(part));

describe('test file names', function () {
  const files = testFiles(ROOT);

  it('finds the test files of every workspace', function () {
    expect(files).to.include('scripts/test/test-levels.unit.test.ts');
    expect(files.length).to.be.greaterThan(100);
  });

  it('each end in one level suffix: .unit, .contract, .api or .e2e before .test.ts', function () {
    const unnamed = files.filter((file) => !LEVEL.test(file) || levelsOf(path.basename(file)).length !== 1);
    expect(unnamed).to.deep.equal([]);
  });
});
