/**
 * The campaign's clock step (CLOCK_STEP_FILE): while the file holds an offset, every reading
 * of the wall clock is stepped by it; dates built from a value, `instanceof Date` and the
 * static helpers are untouched; without the file the clock is the real one again.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { stepWallClockFrom } from '../src/clock-step.ts';

const HOUR = 3_600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the wall clock stepped through a file', () => {
  const RealDate = Date;
  let dir: string;
  let restore: (() => void) | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'clock-step-'));
  });
  afterEach(async () => {
    restore?.();
    await rm(dir, { recursive: true, force: true });
  });

  it('steps Date.now() and new Date() forward and back by the offset the file names, and leaves the rest of Date alone', async () => {
    const file = path.join(dir, 'clock-step');
    restore = stepWallClockFrom(file);
    expect(Math.abs(Date.now() - RealDate.now())).to.be.below(1000);

    await writeFile(file, String(3 * HOUR));
    await sleep(250);
    expect(Date.now() - RealDate.now()).to.be.within(3 * HOUR - 1000, 3 * HOUR + 1000);
    expect(new Date().getTime() - RealDate.now()).to.be.within(3 * HOUR - 1000, 3 * HOUR + 1000);
    expect(new Date(0).getTime()).to.equal(0);
    expect(new Date(2026, 0, 2).getDate()).to.equal(2);
    expect(new Date()).to.be.instanceOf(Date).and.instanceOf(RealDate);
    expect(Date.UTC(2026, 0, 1)).to.equal(RealDate.UTC(2026, 0, 1));
    expect(Date.parse('2026-01-01T00:00:00Z')).to.equal(RealDate.parse('2026-01-01T00:00:00Z'));

    await writeFile(file, String(-2 * HOUR));
    await sleep(250);
    expect(Date.now() - RealDate.now()).to.be.within(-2 * HOUR - 1000, -2 * HOUR + 1000);

    await rm(file);
    await sleep(250);
    expect(Math.abs(Date.now() - RealDate.now())).to.be.below(1000);
  });
});
