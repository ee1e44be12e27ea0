// Builds argon2's native addon from source after every install.
// Its bundled prebuilt binary crashes on this platform; node-gyp-build prefers
// build/Release over prebuilds, so a source build there wins at load time.
// npm passes its own node-gyp in npm_config_node_gyp and, with nodedir set in
// npmrc, node-gyp uses the local Node headers instead of downloading them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const argon2Dir = path.dirname(require.resolve('argon2/package.json', { paths: [path.resolve('command-service')] }));
const built = path.join(argon2Dir, 'build', 'Release', 'argon2.node');

if (!existsSync(built)) {
  const nodeGyp = process.env.npm_config_node_gyp;
  const [cmd, args] = nodeGyp ? [process.execPath, [nodeGyp, 'rebuild']] : ['npx', ['--yes', 'node-gyp', 'rebuild']];
  console.log(`building argon2 from source in ${argon2Dir}`);
  const result = spawnSync(cmd, args, { cwd: argon2Dir, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const check = spawnSync(
  process.execPath,
  ['-e', "require(process.argv[1]).hash('probe').then(h => process.exit(h.startsWith('$argon2id$') ? 0 : 1))", argonEntry()],
  { stdio: 'inherit' },
);
if (check.status !== 0) {
  console.error('argon2 native addon does not work after the source build');
  process.exit(1);
}

function argonEntry() {
  return argon2Dir;
}
