/**
 * The booking benchmark (booking.bench.ts) in a process of its own: `measureBookingsApart`
 * runs bench/booking-process.ts as a child and relays its figures. The personal data
 * benchmark compares a system without the layer against one with it; run one after the
 * other in one process, the second ran slower whichever it was (the first system's heap and
 * threads linger: 934 → 831 bookings/s with the encrypted one first, 1,153 → 762 with the
 * plain one first, load 1.8–2.7), so each now starts from a fresh process.
 *
 * As a script: `booking-process.ts <encrypt: true|false> <label> [<dir to copy the DATA_DIR into>]`,
 * printing one JSON line per figure and the measured bookings per second last.
 */
import { execFile } from 'node:child_process';
import { cp } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { measureBookings } from './booking.bench.ts';
import type { Goal, Report } from './report.ts';

type Line = { readonly figure: string; readonly value: number; readonly unit: string; readonly goal?: Goal } | { readonly measured: number };

export async function measureBookingsApart(
  report: Report,
  options: { readonly encryptPersonalData: boolean; readonly label: string; readonly keepDataDirIn?: string },
): Promise<number> {
  const script = fileURLToPath(import.meta.url);
  const args = ['--import', 'tsx', script, String(options.encryptPersonalData), options.label, ...(options.keepDataDirIn ? [options.keepDataDirIn] : [])];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  let measured = 0;
  for (const text of stdout.split('\n').filter((text) => text.startsWith('{'))) {
    const line = JSON.parse(text) as Line;
    if ('measured' in line) measured = line.measured;
    else report(line.figure, line.value, line.unit, line.goal);
  }
  return measured;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [encrypt, label, keepIn] = process.argv.slice(2);
  const print = (line: Line) => process.stdout.write(`${JSON.stringify(line)}\n`);
  const measured = await measureBookings((figure, value, unit, goal) => print({ figure, value, unit, ...(goal && { goal }) }), {
    encryptPersonalData: encrypt === 'true',
    label: label ?? '',
    ...(keepIn && { afterwards: (dataDir: string) => cp(dataDir, keepIn, { recursive: true }) }),
  });
  print({ measured });
}
