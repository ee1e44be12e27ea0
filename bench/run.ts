/**
 * `npm run bench`: runs every benchmark and prints its figures. Figures, not pass/fail:
 * performance is measured here, never asserted in tests. `npm run bench -- replay`
 * runs only the benchmarks whose name contains "replay". The benchmarks that compose the
 * system in this process measure it under `npm start`'s Node flags: run without them, this
 * script runs itself again with them.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { npmStartNodeFlags } from '../standalone/test/support/npm-start-flags.ts';
import { meets, type Report } from './report.ts';
import { measureYardstick } from './yardstick.ts';

const benchmarks: Record<string, () => Promise<{ default: (report: Report) => Promise<void> }>> = {
  'event store': () => import('./event-store.bench.ts'),
  'start-up': () => import('./start-up.bench.ts'),
  'read store': () => import('./read-store.bench.ts'),
  replay: () => import('./replay.bench.ts'),
  'read model versions': () => import('./read-model-versions.bench.ts'),
  notary: () => import('./notary.bench.ts'),
  search: () => import('./search.bench.ts'),
  availability: () => import('./availability.bench.ts'),
  booking: () => import('./booking.bench.ts'),
  invoices: () => import('./invoices.bench.ts'),
  'audit history': () => import('./audit-history.bench.ts'),
  'personal data': () => import('./personal-data.bench.ts'),
  'personal data key store': () => import('./key-store.bench.ts'),
  frontend: () => import('./frontend.bench.ts'),
  export: () => import('./export.bench.ts'),
  'events export': () => import('./events-export.bench.ts'),
  occupancy: () => import('./occupancy.bench.ts'),
  'sign-in flood': () => import('./sign-in-flood.bench.ts'),
  'image uploads': () => import('./image-uploads.bench.ts'),
};

const missingFlags = npmStartNodeFlags().filter((flag) => !process.execArgv.includes(flag));
if (missingFlags.length > 0) {
  const child = spawn(process.execPath, [...missingFlags, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 1));
} else await runBenchmarks(process.argv[2]);

async function runBenchmarks(filter: string | undefined): Promise<void> {
  const format = (value: number) => (value >= 100 ? Math.round(value).toLocaleString('en-IN') : value.toFixed(2));

  console.log(
    `${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} at start`,
  );
  const yardstick = await measureYardstick();
  console.log(
    `machine yardstick (figures of two runs compare only where these do): CPU loop ${yardstick.cpuLoopMs.toFixed(0)} ms, ` +
      `10,000,000 small objects ${yardstick.smallObjectsMs.toFixed(0)} ms, loopback HTTP ${Math.round(yardstick.loopbackRequestsPerSecond).toLocaleString('en-IN')} requests/s`,
  );
  for (const [name, load] of Object.entries(benchmarks)) {
    if (filter !== undefined && !name.includes(filter)) continue;
    console.log(`\n## ${name}`);
    const { default: run } = await load();
    // each figure with its goal (✔ met, ✘ not) and the 1-minute load average when it was taken: a figure means little without the load it ran under
    await run((figure, value, unit, goal) => {
      const held = goal === undefined ? '' : `   goal ${goal.op} ${format(goal.value)} ${meets(goal, value) ? '✔' : '✘'}`;
      console.log(`  ${figure.padEnd(58)} ${format(value).padStart(12)} ${unit}${held}   [load ${os.loadavg()[0]!.toFixed(2)}]`);
    });
  }
}
