/**
 * `npm run build` builds the web client only when what it is built from changed: given a
 * checkout, when it is built twice, then the second time nothing is built; a changed source,
 * contract, lock file or VITE_ variable, a missing build or a build that failed builds again.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { buildClient } from '../build-client.ts';

describe('building the web client only when its inputs changed', () => {
  let root: string;
  let builds: number;
  /** What vite does, as synchronously as the real build runs: empties frontend/dist and writes the client there. */
  const build = () => {
    builds++;
    const dist = path.join(root, 'frontend', 'dist');
    rmSync(dist, { recursive: true, force: true });
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
  };
  const run = async (env: NodeJS.ProcessEnv = {}) => buildClient(root, env, build);

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'stays-build-client-'));
    builds = 0;
    await mkdir(path.join(root, 'frontend', 'src'), { recursive: true });
    await mkdir(path.join(root, 'contracts', 'src'), { recursive: true });
    await writeFile(path.join(root, 'frontend', 'src', 'main.tsx'), 'render()');
    await writeFile(path.join(root, 'contracts', 'src', 'messages.ts'), "export const title = 'Stays';");
    await writeFile(path.join(root, 'package-lock.json'), '{}');
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it('builds once, then leaves an unchanged client alone', async () => {
    expect([await run(), await run()]).to.deep.equal(['built', 'up to date']);
    expect(builds).to.equal(1);
  });

  it('builds again after a change to the client, the contracts it bundles, the lock file or a VITE_ variable', async () => {
    await run();
    await writeFile(path.join(root, 'frontend', 'src', 'main.tsx'), 'render(app)');
    expect(await run()).to.equal('built');
    await writeFile(path.join(root, 'contracts', 'src', 'messages.ts'), "export const title = 'Stays India';");
    expect(await run()).to.equal('built');
    await writeFile(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(await run()).to.equal('built');
    expect(await run({ VITE_API_BASE: 'https://api.example.in' })).to.equal('built');
    expect(await run({ VITE_API_BASE: 'https://api.example.in', OTHER: 'ignored' })).to.equal('up to date');
    expect(builds).to.equal(5);
  });

  it('builds again when the build is gone or the last one failed', async () => {
    await run();
    await rm(path.join(root, 'frontend', 'dist', 'index.html'));
    expect(await run()).to.equal('built');
    expect(() =>
      buildClient(root, { VITE_X: '1' }, () => {
        throw new Error('vite failed');
      }),
    ).to.throw('vite failed');
    expect(await run({ VITE_X: '1' }), 'after a failed build').to.equal('built');
  });
});
