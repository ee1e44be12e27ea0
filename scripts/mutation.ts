/**
 * Mutation testing of the core: `npm run mutation -- [target ...]` (every target when none is
 * named; `--list` prints them). For each target StrykerJS changes one expression at a time in
 * the target's modules and runs the tests that cover them; a change no test notices (a
 * surviving mutant) is a behaviour nothing pins down. Prints the surviving mutants and a score
 * per module: detected (killed or timed out) over every mutant that ran.
 *
 * In place: the workspace packages resolve through node_modules symlinks to their real
 * folders, so a sandbox copy of the repository would test the original sources. Stryker
 * mutates the working tree and puts every file back at the end (after a killed run, on the
 * next one, from its backup): run it in a worktree you are not editing, one run at a time.
 * Not part of `npm test`; decision record docs/decisions/0042-mutation-testing.md.
 */
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stryker } from '@stryker-mutator/core';
import type { MutantResult, PartialStrykerOptions } from '@stryker-mutator/api/core';

interface Target {
  /** The modules StrykerJS mutates (globs from the repository root). */
  readonly mutate: readonly string[];
  /** The test files that cover them: unit tests first, HTTP tests only where they are the real coverage. */
  readonly spec: readonly string[];
  /**
   * Stryker's allowance beyond the measured test time before a mutant counts as timed out
   * (its default is 5 s); shorter for targets whose mutants loop forever, each of which costs it.
   */
  readonly timeoutMS?: number;
}

const targets: Record<string, Target> = {
  'contracts-rules': {
    mutate: ['contracts/src/rules.ts', 'contracts/src/money.ts', 'contracts/src/cancellation-policy.ts'],
    spec: ['contracts/test/rules.unit.test.ts', 'contracts/test/money.unit.test.ts', 'contracts/test/cancellation-policy.unit.test.ts'],
  },
  booking: {
    mutate: ['command-service/src/booking/**/decide.ts', 'command-service/src/booking/{booking,inventory,guest,contact}.ts', 'contracts/src/aggregates/*.ts'],
    spec: ['command-service/test/booking/*.unit.test.ts'],
  },
  accounts: {
    mutate: [
      'command-service/src/accounts/**/decide.ts',
      'command-service/src/accounts/account.ts',
      'command-service/src/accounts/resetting-password/reset-tokens.ts',
    ],
    spec: ['command-service/test/accounts/*.unit.test.ts'],
  },
  'hotels-rooms': {
    mutate: [
      'command-service/src/hotels/**/decide.ts',
      'command-service/src/hotels/hotel.ts',
      'command-service/src/rooms/**/decide.ts',
      'command-service/src/rooms/room.ts',
    ],
    spec: ['command-service/test/hotels/*.unit.test.ts', 'command-service/test/rooms/*.unit.test.ts'],
  },
  'auditors-calendar-sync': {
    mutate: ['command-service/src/auditors/**/decide.ts', 'command-service/src/auditors/auditor.ts', 'command-service/src/calendar-sync/decide.ts'],
    spec: ['command-service/test/auditors/*.unit.test.ts', 'command-service/test/calendar-sync/*.unit.test.ts'],
  },
  'calendar-feeds': {
    // what an owner's feed address and another site's feed may be: the public-address check and the fetch
    // against server-side request forgery, the feed read into blocked nights, the import's plan and our own export
    mutate: ['command-service/src/calendar-sync/{public-address,feed-blocks,import-decision,export-feed,fetch-feed}.ts'],
    spec: ['feeds', 'import-decision', 'public-address', 'export-feed', 'fetch-feed'].map((name) => `command-service/test/calendar-sync/${name}.unit.test.ts`),
  },
  'sign-in-defences': {
    // what stands between a guesser and an account: the throttles and their backoff, the password
    // try and line, the Google ID token's verification (the API tests send the real requests)
    mutate: ['command-service/src/accounts/{throttles,backoff,password-try,passwords,google-id-token}.ts'],
    spec: [
      'command-service/test/account-throttles.unit.test.ts',
      ...[
        'google-id-token.unit',
        'passwords.unit',
        'google.unit',
        'signing-in.unit',
        'google.api',
        'signing-in.api',
        'signing-in.throttles.api',
        'resetting-password.api',
      ].map((name) => `command-service/test/accounts/${name}.test.ts`),
    ],
  },
  media: {
    // ids that name a file, signed links to private media, the file store's refusals, images checked and re-encoded;
    // the upload plumbing (bodies.ts, uploads.ts) is left to the API tests, too slow to run for every mutant
    mutate: ['service-kit/src/images/normalise.ts', 'service-kit/src/media/{media-id,signed-links,links,file-store}.ts'],
    spec: ['images.unit', 'media-id.unit', 'media-links.unit', 'media.file-store.unit', 'media.contract'].map((name) => `service-kit/test/${name}.test.ts`),
  },
  'read-models': {
    mutate: ['projections/src/read-models/{availability,bookings,calendar-sync,occupancy}.ts', 'projections/src/read-models/{accounts,hotels}/projection.ts'],
    spec: [
      'projections/test/*.read-model.unit.test.ts',
      'projections/test/bookings-audit-search.unit.test.ts',
      'projections/test/bookings-queries.unit.test.ts',
    ],
  },
  'event-log': {
    mutate: ['event-store/src/embedded/record-codec.ts', 'event-store/src/embedded/log-recovery.ts'],
    spec: [
      // Crafted logs cover recovery byte by byte; the kill -9 test (embedded-log-crash) starts processes, too slow to run for every mutant.
      'event-store/test/embedded-log-recovery.unit.test.ts',
      'event-store/test/embedded-log.unit.test.ts',
      'event-store/test/embedded-log-reader.unit.test.ts',
      // opening with the index file: the check of the last acknowledged record
      'event-store/test/embedded-log-index.unit.test.ts',
    ],
  },
  'unique-keys': {
    // one holder of an email, a hotel's name or an auditor's email at a time; taken over only from a command that crashed
    mutate: ['command-service/src/unique-keys.ts'],
    spec: ['command-service/test/unique-keys.unit.test.ts'],
  },
  subscriptions: {
    // catching up and following the log, resuming after a lost connection: each event handed over once, in order
    mutate: [
      'event-store/src/resuming-subscription.ts',
      'event-store/src/eventstoredb/eventstoredb-subscription.ts',
      'event-store/src/embedded/log-subscription.ts',
    ],
    spec: [
      'resuming-subscription.unit',
      'eventstoredb-subscription.unit',
      'log-subscription.unit',
      'eventstoredb-resume.unit',
      'eventstoredb-adapter.unit',
      'embedded.contract',
    ].map((name) => `event-store/test/${name}.test.ts`),
  },
  'competing-consumers': {
    // replicas sharing a group: each event to one at a time, answered once its work is done, back to the group when it fails or is lost
    mutate: [
      'event-store/src/eventstoredb/persistent-subscription.ts',
      'event-store/src/in-memory-competing-consumers.ts',
      'command-service/src/reactors/competing-reactor.ts',
    ],
    spec: [
      'event-store/test/persistent-subscription.unit.test.ts',
      'event-store/test/competing-consumers.contract.test.ts',
      'command-service/test/competing-reactor.unit.test.ts',
      'command-service/test/competing-booking-documents.unit.test.ts',
    ],
  },
  'booking-documents': {
    // each booking's invoice and emails once, by the sole reactor and among replicas: claims in the log, their lease, notices about news only
    mutate: ['command-service/src/reactors/{booking-documents,email-claim}.ts'],
    spec: [
      'command-service/test/booking-documents.unit.test.ts',
      'command-service/test/competing-booking-documents.unit.test.ts',
      'command-service/test/reactors.resilience.unit.test.ts',
    ],
  },
  'projection-runner': {
    // read models following the log: batches applied and retried, checkpoints, caught up, the read side's position and health
    mutate: ['projections/src/{runner,checkpoints}.ts'],
    spec: [
      ...[
        'runner.unit',
        'runner-bookkeeping.unit',
        'checkpoint-progress.unit',
        'runner-resilience.unit',
        'read-model-runner.unit',
        'stored-log-models.unit',
      ].map((name) => `projections/test/${name}.test.ts`),
      'query-service/test/read-side-health.unit.test.ts',
    ],
  },
  'projection-guard': {
    mutate: ['projections/src/{guard,apply}.ts'],
    spec: ['projections/test/*.unit.test.ts'],
  },
  'event-store': {
    mutate: ['event-store/src/{expected-revision,append-validation}.ts', 'event-store/src/embedded/{embedded-event-store,index-file,decoded-blocks}.ts'],
    // the kill -9 test (embedded-log-crash) starts processes, too slow to run for every mutant
    spec: [
      'embedded.contract',
      'embedded-log',
      'embedded-log-index',
      'embedded-log-recovery',
      'embedded-log-reader',
      'shared-decoded-blocks',
      'write-whole',
    ].map((name) => `event-store/test/${name}${name.endsWith('contract') ? '' : '.unit'}.test.ts`),
  },
  http: {
    // the route mounter and the unreadable-request answer are set up in mocha `before` hooks, which
    // this run cannot see mutated (docs/development.md): their tests are routes.api and the product's API tests
    mutate: ['service-kit/src/http/{error-handler,errors,envelope}.ts'],
    spec: ['error-handler.unit', 'error-log.unit'].map((name) => `service-kit/test/${name}.test.ts`),
  },
  auth: {
    mutate: ['service-kit/src/auth/{tokens,authenticate,keys}.ts'],
    spec: ['tokens', 'authenticate', 'signing-keys'].map((name) => `service-kit/test/${name}.unit.test.ts`),
  },
  'query-caches': {
    mutate: ['query-service/src/hotels/{response-cache,term-matches,remembered-listings,computation-turns}.ts'],
    spec: ['response-cache', 'term-matches', 'remembered-listings', 'computation-turns'].map((name) => `query-service/test/${name}.unit.test.ts`),
  },
  'read-store': {
    mutate: ['read-store/src/embedded/update-operators.ts', 'read-store/src/embedded/document-predicate.ts'],
    // the contract suite (run here against the embedded store) is where most operators and predicates are pinned down
    spec: ['read-store/test/update-operators.unit.test.ts', 'read-store/test/document-predicate.unit.test.ts', 'read-store/test/embedded.contract.test.ts'],
  },
  'personal-data': {
    mutate: ['personal-data/src/{field-cipher,record-cipher,key-store,personal-data-store}.ts'],
    spec: [
      'personal-data/test/field-cipher.unit.test.ts',
      'personal-data/test/record-cipher.unit.test.ts',
      'personal-data/test/key-store.unit.test.ts',
      'personal-data/test/personal-data-store.unit.test.ts',
      'personal-data/test/reveal-ahead.unit.test.ts',
      'personal-data/test/log-holds-encrypted-fields.unit.test.ts',
      'personal-data/test/key-store-unavailable.unit.test.ts',
      'personal-data/test/key-store.contract.test.ts',
    ],
  },
  'verify-log': {
    // the auditors' check of a log against the notary's signed tree heads, and the leaves read from a log file
    mutate: ['notary/src/{verify-log,log-file-leaves}.ts'],
    spec: ['notary/test/verify-log.unit.test.ts', 'notary/test/log-file-leaves.unit.test.ts'],
  },
  notary: {
    mutate: ['notary/src/merkle.ts'],
    // the RFC 9162 tests of the Merkle code alone, in under a second: the stored-tree and notary tests
    // take tens of seconds, and a mutant that loops (splitPoint's doubling) ran that long times the timeout factor
    spec: ['notary/test/merkle.unit.test.ts'],
    timeoutMS: 2000,
  },
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mochaPathsShim = path.join(root, 'scripts/mutation/mocha-12-paths.cjs');

function strykerOptions(target: Target): PartialStrykerOptions {
  return {
    testRunner: 'mocha',
    plugins: ['@stryker-mutator/mocha-runner'],
    inPlace: true,
    mutate: [...target.mutate],
    mochaOptions: { spec: [...target.spec], config: path.join(root, 'scripts/mutation/mocharc.json') },
    testRunnerNodeArgs: ['--import', 'tsx'],
    coverageAnalysis: 'perTest',
    ...(target.timeoutMS === undefined ? {} : { timeoutMS: target.timeoutMS }),
    // tsx strips types without checking them, so no file needs the `// @ts-nocheck` Stryker would
    // otherwise write into every source and test file of the working tree for the run.
    disableTypeChecks: false,
    // The machine is shared: one test process at a time keeps the timings and the neighbours sane.
    concurrency: 1,
    // The surviving mutants with their diffs at the end, and a progress line every few seconds meanwhile.
    reporters: ['clear-text', 'progress-append-only'],
    clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: false },
    tempDirName: path.join(tmpdir(), 'stays-mutation'),
    cleanTempDir: 'always',
  };
}

interface ModuleScore {
  file: string;
  detected: number;
  survived: number;
  noCoverage: number;
  ignored: number;
  errors: number;
}

/** Stryker's own score: killed and timed-out mutants over every mutant that ran or had no test. */
function moduleScores(results: readonly MutantResult[]): ModuleScore[] {
  const byFile = new Map<string, ModuleScore>();
  for (const result of results) {
    const file = path.relative(root, path.resolve(root, result.fileName));
    const score = byFile.get(file) ?? { file, detected: 0, survived: 0, noCoverage: 0, ignored: 0, errors: 0 };
    if (result.status === 'Killed' || result.status === 'Timeout') score.detected++;
    else if (result.status === 'Survived') score.survived++;
    else if (result.status === 'NoCoverage') score.noCoverage++;
    else if (result.status === 'Ignored') score.ignored++;
    else score.errors++;
    byFile.set(file, score);
  }
  return [...byFile.values()].sort((a, b) => a.file.localeCompare(b.file));
}

function percent(detected: number, valid: number): string {
  return valid === 0 ? 'n/a' : `${((100 * detected) / valid).toFixed(1)} %`;
}

function scoreTable(name: string, scores: readonly ModuleScore[], seconds: number): string {
  const rows = [...scores];
  const total = rows.reduce(
    (sum, row) => ({
      file: `${name} (all, ${seconds.toFixed(0)} s)`,
      detected: sum.detected + row.detected,
      survived: sum.survived + row.survived,
      noCoverage: sum.noCoverage + row.noCoverage,
      ignored: sum.ignored + row.ignored,
      errors: sum.errors + row.errors,
    }),
    { file: '', detected: 0, survived: 0, noCoverage: 0, ignored: 0, errors: 0 },
  );
  rows.push(total);
  const width = Math.max(...rows.map((row) => row.file.length));
  const lines = [`${'module'.padEnd(width)}  score    detected survived no-test ignored`];
  for (const row of rows) {
    const valid = row.detected + row.survived + row.noCoverage;
    lines.push(
      `${row.file.padEnd(width)}  ${percent(row.detected, valid).padStart(7)}  ${String(row.detected).padStart(8)} ${String(row.survived).padStart(8)} ${String(row.noCoverage).padStart(7)} ${String(row.ignored).padStart(7)}`,
    );
  }
  return lines.join('\n');
}

async function main(args: readonly string[]): Promise<void> {
  if (args.includes('--list')) {
    for (const [name, target] of Object.entries(targets)) console.log(`${name}: ${target.mutate.join(' ')}`);
    return;
  }
  const unknown = args.filter((name) => !(name in targets));
  if (unknown.length > 0) {
    console.error(`Unknown mutation target ${unknown.join(', ')}; the targets are: ${Object.keys(targets).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  // The runner plugin loads in this process and in every test process Stryker starts.
  createRequire(import.meta.url)(mochaPathsShim);
  process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, `--require ${mochaPathsShim}`].filter(Boolean).join(' ');
  process.chdir(root);

  const tables: string[] = [];
  for (const name of args.length > 0 ? args : Object.keys(targets)) {
    const started = performance.now();
    const results = await new Stryker(strykerOptions(targets[name]!)).runMutationTest();
    const table = scoreTable(name, moduleScores(results), (performance.now() - started) / 1000);
    console.log(`\n${table}\n`);
    tables.push(table);
  }
  if (tables.length > 1) console.log(`\nMutation scores\n\n${tables.join('\n\n')}`);
}

await main(process.argv.slice(2));
