/**
 * The Node version the project promises (package.json's `engines.node`) is one every
 * installed package accepts: a dependency that wants a newer Node than the floor fails
 * here, not on a user's machine.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import semver from 'semver';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface PackageJson {
  readonly name?: string;
  readonly version?: string;
  readonly engines?: { readonly node?: string };
}

const readPackage = async (file: string): Promise<PackageJson | null> => {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as PackageJson;
  } catch {
    return null;
  }
};

/** Every package folder under a node_modules folder, scoped ones and nested node_modules included. */
async function* installedPackages(nodeModules: string): AsyncGenerator<string> {
  const entries = await readdir(nodeModules, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const folder = path.join(nodeModules, entry.name);
    if (entry.name.startsWith('@')) {
      yield* installedPackages(folder);
      continue;
    }
    yield folder;
    yield* installedPackages(path.join(folder, 'node_modules'));
  }
}

describe('the Node version', () => {
  it('is one every installed package accepts, and the one this machine runs meets it', async () => {
    const promised = (await readPackage(path.join(ROOT, 'package.json')))!.engines!.node!;
    const floor = semver.minVersion(promised)!.version;
    expect(semver.satisfies(process.version, promised), `Node ${process.version} against ${promised}`).to.equal(true);
    const workspaces = ['', ...(await readdir(ROOT))].map((folder) => path.join(ROOT, folder, 'node_modules'));
    const refusing: string[] = [];
    let checked = 0;
    for (const nodeModules of workspaces) {
      for await (const folder of installedPackages(nodeModules)) {
        const manifest = await readPackage(path.join(folder, 'package.json'));
        const wanted = manifest?.engines?.node;
        if (wanted === undefined || typeof wanted !== 'string') continue;
        checked += 1;
        if (!semver.satisfies(floor, wanted)) refusing.push(`${manifest!.name}@${manifest!.version} wants Node ${wanted}`);
      }
    }
    expect(checked, 'packages that declare a Node version').to.be.greaterThan(50);
    expect(refusing, `packages that refuse Node ${floor}, the floor of ${promised}`).to.deep.equal([]);
  });
});
