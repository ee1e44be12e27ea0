/**
 * `npm run bench`: runs every benchmark and prints its figures. Figures, not pass/fail:
 * performance is measured here, never asserted in tests. `npm run bench -- replay`
 * runs only the benchmarks whose name contains "replay".
 */
import type { Report } from './report.ts';

const benchmarks: Record<string, () => Promise<{ default: (report: Report) => Promise<void> }>> = {
  'event store': () => import('./event-store.bench.ts'),
  'read store': () => import('./read-store.bench.ts'),
  replay: () => import('./replay.bench.ts'),
  search: () => import('./search.bench.ts'),
  booking: () => import('./booking.bench.ts'),
  frontend: () => import('./frontend.bench.ts'),
};

const filter = process.argv[2];
const format = (value: number) => (value >= 100 ? Math.round(value).toLocaleString('en-IN') : value.toFixed(2));

for (const [name, load] of Object.entries(benchmarks)) {
  if (filter !== undefined && !name.includes(filter)) continue;
  console.log(`\n## ${name}`);
  const { default: run } = await load();
  await run((figure, value, unit) => console.log(`  ${figure.padEnd(58)} ${format(value).padStart(12)} ${unit}`));
}
