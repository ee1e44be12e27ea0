/**
 * `npm run faults -- [--rounds N] [--seed S] [--faults kill,disk,torn,damage,clock,fullfs] [--filesystem tmpfs|ext4]`: the
 * fault campaign (campaign.ts) against the one-process product; prints each round, then a table
 * per fault kind and the seed that replays it. Exit code 1 when any round found a problem.
 * Without --faults, every fault but `fullfs` (it mounts a filesystem: root only).
 */
import { parseArgs } from 'node:util';
import { FAULT_KINDS, FAULTS_WITHOUT_ROOT, describeCampaign, problems, runCampaign, type FaultKind } from './campaign.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string' }, seed: { type: 'string' }, faults: { type: 'string' }, guests: { type: 'string' }, filesystem: { type: 'string' } },
});
const filesystem = values.filesystem ?? 'tmpfs';
const rounds = Number(values.rounds ?? 8);
const seed = Number(values.seed ?? Math.floor(Math.random() * 2 ** 31));
const faults = (values.faults ?? FAULTS_WITHOUT_ROOT.join(',')).split(',').map((name) => name.trim()) as FaultKind[];
const unknown = faults.filter((fault) => !FAULT_KINDS.includes(fault));
if (
  !Number.isSafeInteger(rounds) ||
  rounds < 1 ||
  !Number.isSafeInteger(seed) ||
  unknown.length > 0 ||
  faults.length === 0 ||
  (filesystem !== 'tmpfs' && filesystem !== 'ext4')
) {
  console.error(
    `usage: npm run faults -- [--rounds N] [--seed S] [--faults ${FAULT_KINDS.join(',')}] [--filesystem tmpfs|ext4]${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`,
  );
  process.exit(2);
}
const started = Date.now();
console.log(`fault campaign: ${rounds} rounds of ${faults.join(', ')}, seed ${seed}`);
const report = await runCampaign({
  rounds,
  seed,
  faults,
  filesystem,
  ...(values.guests && { guests: Number(values.guests) }),
  log: (line) => console.log(line),
}).catch((error: unknown) => {
  console.error(`fault campaign stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
console.log(`\n${describeCampaign(report)}`);
console.log(`(${((Date.now() - started) / 60_000).toFixed(1)} min)`);
process.exitCode = report.rounds.some((round) => problems(round) > 0) || report.rebuildMismatches.length > 0 ? 1 : 0;
