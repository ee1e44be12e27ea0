// Loaded with `--require` into every StrykerJS process (scripts/mutation.ts sets it).
// @stryker-mutator/mocha-runner 9 requires mocha's CLI helpers without an extension
// (`mocha/lib/cli/run-helpers`, `options`, `collect-files`); mocha 12 ships them as `.cjs`,
// which CommonJS resolution does not try by itself. Registering `.cjs` as a resolvable
// extension lets those requires find the renamed files; nothing else changes.
require.extensions['.cjs'] = require.extensions['.js'];
