/** What the log says while followers catch up: how far, how fast, how long yet, and who is stuck. */
import { expect } from 'chai';
import { catchUpLines, duration, watchCatchUp, type CatchUpReading } from '../src/index.ts';

const reading = (atMs: number, head: number | null, positions: Record<string, number | undefined>): CatchUpReading => ({
  atMs,
  head,
  followers: Object.entries(positions).map(([name, position]) => ({ name, position })),
});

describe('catch-up progress', () => {
  it('gives followers at one position one line: how far through the log, the pace and the time left', () => {
    const before = reading(0, 999_999, { 'accounts@2': 99_999, 'bookings@5': 99_999, notary: 49_999 });
    const now = reading(10_000, 999_999, { 'accounts@2': 599_999, 'bookings@5': 599_999, notary: 99_999 });

    expect(catchUpLines(before, now)).to.deep.equal([
      'catching up with the log: accounts@2, bookings@5 at 599999 of 999999 (60 %), 50000 events/s, about 8 s left',
      'catching up with the log: notary at 99999 of 999999 (10 %), 5000 events/s, about 3 min left',
    ]);
  });

  it("says the pace in bytes where the log's positions are EventStoreDB's byte offsets", () => {
    const lines = catchUpLines(reading(0, 80_000_000, { 'booking-documents': 0 }), reading(10_000, 80_000_000, { 'booking-documents': 20_000_000 }), 'bytes');

    expect(lines).to.deep.equal(['catching up with the log: booking-documents at 20000000 of 80000000 (25 %), 2000000 bytes/s, about 30 s left']);
  });

  it('counts a follower that had handled nothing at the reading before from the first event', () => {
    const lines = catchUpLines(reading(0, 9_999_999, { 'hotels@3': undefined }), reading(10_000, 9_999_999, { 'hotels@3': 499_999 }));

    expect(lines).to.deep.equal(['catching up with the log: hotels@3 at 499999 of 9999999 (5 %), 50000 events/s, about 3 min left']);
  });

  it('names a follower behind that made no progress since the reading before', () => {
    const lines = catchUpLines(reading(0, 5_000, { 'booking-documents': 1_200 }), reading(10_000, 5_000, { 'booking-documents': 1_200 }));

    expect(lines).to.deep.equal(['catching up with the log: booking-documents at 1200 of 5000 (24 %), no progress in the last 10 s']);
  });

  it('says nothing of a follower that caught up with a burst between two readings, or was at the head before it', () => {
    const before = reading(0, 1_000, { 'accounts@2': 1_000, 'hotels@3': 1_000 });
    const now = reading(10_000, 1_400, { 'accounts@2': 1_400, 'hotels@3': 1_350 });

    expect(catchUpLines(before, now)).to.deep.equal([]);
  });

  it('says nothing of a live follower a few events behind a steady stream of writes', () => {
    const lines = catchUpLines(reading(0, 369, { notary: 366 }), reading(10_000, 981, { notary: 979 }));

    expect(lines).to.deep.equal([]);
  });

  it('says nothing at the first reading, over an empty log, or of a follower that has handled nothing yet or was not read before', () => {
    expect(catchUpLines(undefined, reading(0, 1_000, { 'accounts@2': 10 }))).to.deep.equal([]);
    expect(catchUpLines(reading(0, null, { 'accounts@2': undefined }), reading(10_000, null, { 'accounts@2': undefined }))).to.deep.equal([]);
    expect(catchUpLines(reading(0, 1_000, { notary: undefined }), reading(10_000, 1_000, { notary: undefined }))).to.deep.equal([]);
    expect(catchUpLines(reading(0, 1_000, {}), reading(10_000, 1_000, { 'calendar-import': 10 }))).to.deep.equal([]);
  });

  it('writes a duration as a person reads it', () => {
    expect([0.2, 11.4, 89, 95, 3 * 60 + 10, 89 * 60, 80 * 60, 2 * 3600 + 5 * 60].map(duration)).to.deep.equal([
      '1 s',
      '11 s',
      '89 s',
      '2 min',
      '3 min',
      '89 min',
      '80 min',
      '2 h 5 min',
    ]);
  });

  it('logs the lines of each reading while it watches, and nothing once stopped', async () => {
    const lines: string[] = [];
    let position = 0;
    const watch = watchCatchUp({
      followers: async () => [{ name: 'accounts@2', position: (position += 100) }],
      head: async () => 100_000,
      log: (line) => lines.push(line),
      unit: 'events',
      everyMs: 20,
    });
    for (const giveUp = Date.now() + 5_000; lines.length < 2 && Date.now() < giveUp;) await new Promise((resolve) => setTimeout(resolve, 10));
    watch.stop();
    const seen = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(seen).to.be.at.least(2);
    expect(lines, 'nothing after stop').to.have.length(seen);
    expect(lines[0]).to.match(/^catching up with the log: accounts@2 at 200 of 100000 \(0 %\), \d+ events\/s, about .+ left$/);
  });
});
