/**
 * The read side's progress as a query service in another process sees it: from the read
 * models' registry and the checkpoints and health reports the projections worker stores.
 * Each reason a read model is not healthy, the read-your-writes wait, and the change stamp
 * of the version queries read.
 */
import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { createEmbeddedReadStore, type ReadStore } from '@stays/read-store';
import {
  HEALTH_REPORT_MAX_AGE_MS,
  checkpointProgress,
  markCaughtUp,
  readCheckpoint,
  versionName,
  writeCheckpoint,
  writeHealthReport,
  writeVersions,
  type VersionEntry,
} from '../src/index.ts';

const entry = (version: number, state: VersionEntry['state'], goLiveWhenCaughtUp = false): VersionEntry => ({
  version,
  schema: version,
  state,
  goLiveWhenCaughtUp,
  collections: [],
  createdAt: '2026-11-29T00:00:00.000Z',
});

const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const healthy = { healthy: true, state: 'live', lagMs: 10, error: null };

describe('read-side progress from the stored checkpoints (a query service apart from the projections)', () => {
  let store: ReadStore;

  beforeEach(async () => {
    store = createEmbeddedReadStore();
    await writeVersions(store, 'hotels', [entry(1, 'live')]);
    await writeVersions(store, 'bookings', [entry(2, 'live')]);
  });

  it('is healthy when every read model caught up once and its latest report is fresh and healthy', async () => {
    for (const [name, version] of [
      ['hotels', 1],
      ['bookings', 2],
    ] as const) {
      await writeCheckpoint(store, versionName(name, version), version, 40);
      await markCaughtUp(store, versionName(name, version), version);
      await writeHealthReport(store, versionName(name, version), healthy, new Date(NOW - 1_000));
    }
    const health = await checkpointProgress(store, ['hotels', 'bookings']).health(NOW);
    expect(health).to.deep.equal({
      healthy: true,
      projections: [
        { name: 'hotels@1', healthy: true, reason: null, lagMs: 10, reportedAt: '2026-11-29T11:59:59.000Z' },
        { name: 'bookings@2', healthy: true, reason: null, lagMs: 10, reportedAt: '2026-11-29T11:59:59.000Z' },
      ],
    });
  });

  it('says why each read model is not healthy', async () => {
    await writeVersions(store, 'accounts', [entry(1, 'live')]);
    await writeVersions(store, 'occupancy', [entry(1, 'live')]);
    await writeVersions(store, 'availability', [entry(1, 'live')]);
    // hotels: no checkpoint; bookings: catching up; accounts: caught up, no report; occupancy: a stale report; availability: an unhealthy one
    await writeCheckpoint(store, 'bookings@2', 2, 10);
    await writeHealthReport(store, 'bookings@2', healthy, new Date(NOW));
    await writeCheckpoint(store, 'accounts@1', 1, 10);
    await markCaughtUp(store, 'accounts@1', 1);
    await writeCheckpoint(store, 'occupancy@1', 1, 10);
    await markCaughtUp(store, 'occupancy@1', 1);
    await writeHealthReport(store, 'occupancy@1', healthy, new Date(NOW - HEALTH_REPORT_MAX_AGE_MS - 1_600));
    await writeCheckpoint(store, 'availability@1', 1, 10);
    await markCaughtUp(store, 'availability@1', 1);
    await writeHealthReport(store, 'availability@1', { healthy: false, state: 'retrying', lagMs: 7_400, error: 'EventStoreDB unavailable' }, new Date(NOW));
    const health = await checkpointProgress(store, ['hotels', 'bookings', 'accounts', 'occupancy', 'availability', 'calendar']).health(NOW);
    expect(health.healthy).to.equal(false);
    expect(health.projections.map(({ name, healthy: ok, reason, lagMs }) => ({ name, ok, reason, lagMs }))).to.deep.equal([
      { name: 'hotels@1', ok: false, reason: 'no checkpoint yet', lagMs: null },
      { name: 'bookings@2', ok: false, reason: 'catching up with the event log', lagMs: 10 },
      { name: 'accounts@1', ok: false, reason: 'no report from the projections worker yet', lagMs: null },
      { name: 'occupancy@1', ok: false, reason: 'no report from the projections worker for 22 s', lagMs: 10 },
      { name: 'availability@1', ok: false, reason: 'retrying: EventStoreDB unavailable (7 s behind)', lagMs: 7_400 },
      { name: 'calendar', ok: false, reason: 'no version registered by the projections worker yet', lagMs: null },
    ]);
  });

  it('reads a report just within its age as fresh, and an unhealthy one without error or lag by its state alone', async () => {
    await writeCheckpoint(store, 'hotels@1', 1, 10);
    await markCaughtUp(store, 'hotels@1', 1);
    await writeHealthReport(store, 'hotels@1', healthy, new Date(NOW - HEALTH_REPORT_MAX_AGE_MS));
    await writeCheckpoint(store, 'bookings@2', 2, 10);
    await markCaughtUp(store, 'bookings@2', 2);
    await writeHealthReport(store, 'bookings@2', { healthy: false, state: 'closed', lagMs: null, error: null }, new Date(NOW));
    const health = await checkpointProgress(store, ['hotels', 'bookings']).health(NOW);
    expect(health.projections.map(({ reason }) => reason)).to.deep.equal([null, 'closed']);
    expect(health.healthy, 'one unhealthy read model is enough').to.equal(false);
  });

  it('waits until every followed read model has applied the position, and no longer than asked', async () => {
    await writeCheckpoint(store, 'hotels@1', 1, 30);
    await writeCheckpoint(store, 'bookings@2', 2, 50);
    const progress = checkpointProgress(store, ['hotels', 'bookings'], 5);
    expect(await progress.waitFor(30, 0), 'the lowest checkpoint counts').to.equal(true);
    expect(await progress.waitFor(31, 20)).to.equal(false);
    const waiting = progress.waitFor(45, 5_000);
    await sleep(20); // a few polls go by first
    await writeCheckpoint(store, 'hotels@1', 1, 45);
    expect(await waiting).to.equal(true);
  });

  it('waits for nothing it cannot tell: a read model not registered yet, or one without a checkpoint, is not there yet', async () => {
    await writeCheckpoint(store, 'hotels@1', 1, 30);
    expect(await checkpointProgress(store, ['hotels', 'bookings'], 5).waitFor(0, 15), 'bookings@2 has no checkpoint').to.equal(false);
    await writeCheckpoint(store, 'bookings@2', 2, 30);
    expect(await checkpointProgress(store, ['hotels', 'bookings', 'calendar'], 5).waitFor(0, 15), 'calendar is not registered').to.equal(false);
    expect(await checkpointProgress(store, ['hotels', 'bookings'], 5).waitFor(30, 15)).to.equal(true);
  });

  it('waits for no version while a live one waits for its replacement to catch up', async () => {
    await writeVersions(store, 'hotels', [entry(1, 'live'), entry(2, 'building', true)]);
    await writeCheckpoint(store, 'bookings@2', 2, 30);
    expect(await checkpointProgress(store, ['hotels', 'bookings'], 5).waitFor(30, 0)).to.equal(true);
    expect(await checkpointProgress(store, ['hotels'], 5).waitFor(1_000_000, 0), 'nothing followed: nothing to wait for').to.equal(true);
  });

  it('stamps the serving version with the position of the last event that changed it', async () => {
    await writeCheckpoint(store, 'hotels@1', 1, 40, 33);
    await writeCheckpoint(store, 'bookings@2', 2, 40);
    const progress = checkpointProgress(store, ['hotels', 'bookings']);
    expect(await progress.changedAt('hotels')).to.equal('1@33');
    expect(await progress.changedAt('bookings')).to.equal('2@start');
    expect(await progress.changedAt('calendar')).to.equal(undefined);
    await writeVersions(store, 'occupancy', [entry(1, 'live')]);
    expect(await checkpointProgress(store, ['occupancy']).changedAt('occupancy'), 'no checkpoint yet').to.equal('1@start');
    await writeCheckpoint(store, 'hotels@1', 1, 50);
    expect(await progress.changedAt('hotels'), 'a checkpoint without a change keeps the stamp').to.equal('1@33');
  });

  it('reads a checkpoint of its own version only, and none before the first event', async () => {
    await writeCheckpoint(store, 'ledger', 1, 12);
    expect(await readCheckpoint(store, 'ledger', 1)).to.equal(12);
    expect(await readCheckpoint(store, 'ledger', 2)).to.equal(undefined);
    await markCaughtUp(store, 'empty', 1);
    expect(await readCheckpoint(store, 'empty', 1), 'caught up on an empty log').to.equal(undefined);
    await writeCheckpoint(store, 'first', 1, 0);
    expect(await readCheckpoint(store, 'first', 1), 'the first event is at position 0').to.equal(0);
  });
});
