/**
 * migrate-personal-data on EventStoreDB: an old database written without encryption is
 * copied into a new one, here both simulated servers (event-store/test/support; the same
 * run against real servers is in migrate-eventstoredb.contract.test.ts). The target is
 * read raw (the grep for plain personal data) and through the personal-data layer.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ERASED } from '@stays/contracts';
import type { EventStore, EventStoreDBDatabase, RecordedEvent } from '@stays/event-store';
import { SimulatedEventStoreDB, databaseOnSimulation } from '@stays/event-store/test-support/simulated-eventstoredb';
import { loadConfig } from '@stays/service-kit';
import { MOVED_TO, MigrationTargetError, migrateEventStoreDB, openKeyStoreFor, withPersonalData, type KeyStore } from '../src/index.ts';
import { plainTexts, writePlainLog } from './support/plain-log.ts';

const TARGET = 'esdb://new-cluster:2113?tls=true';

describe('migrate-personal-data: EventStoreDB into a new database (simulated servers)', function () {
  this.timeout(30_000);
  let dataDir: string;
  let oldServer: SimulatedEventStoreDB;
  let newServer: SimulatedEventStoreDB;
  let source: EventStoreDBDatabase;
  let target: EventStoreDBDatabase;
  let keys: KeyStore;
  let before: RecordedEvent[];

  const migrate = (into: EventStoreDBDatabase = target, batch?: number) =>
    migrateEventStoreDB({
      source,
      target: into,
      targetName: TARGET,
      keys,
      ...(batch !== undefined && { batch }),
      now: () => new Date('2026-11-22T22:00:00.000Z'),
    });

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'stays-migrate-esdb-'));
    oldServer = new SimulatedEventStoreDB({ sendsCaughtUp: true });
    newServer = new SimulatedEventStoreDB({ sendsCaughtUp: true });
    source = databaseOnSimulation(oldServer);
    target = databaseOnSimulation(newServer);
    await writePlainLog(source.events);
    before = await source.events.readAll();
    const config = loadConfig({ DATA_DIR: dataDir, PERSONAL_DATA_KEY: randomBytes(32).toString('base64') });
    keys = await openKeyStoreFor(config, { rawLog: source.events, keepMasterKeyInDataDir: false });
    // the copy's own server time must differ from the original's
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  afterEach(async () => {
    await keys.close();
    await Promise.all([source.close(), target.close()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  /** What the product reads from the target: the source's records (erased people erased), at new positions, with their original times. */
  const expectSameRecordsAsSource = async () => {
    const after = await withPersonalData(target.events, keys).readAll();
    const erasedRegistration = before[3]!;
    const expected = before.map((record) =>
      record === erasedRegistration ? { ...record, data: { ...record.data, name: ERASED, email: ERASED, username: ERASED } } : record,
    );
    expect(after.map(({ position: _, metadata, ...rest }) => ({ ...rest, metadata }))).to.deep.equal(
      expected.map(({ position: _, metadata, ...rest }) => ({ ...rest, metadata: { ...metadata, recordedAt: rest.recordedAt } })),
    );
  };

  const rawTarget = async () => JSON.stringify(await target.events.readAll());

  it('copies every record at its revision with its id and time, personal fields encrypted, and marks the old streams', async () => {
    const done = await migrate();
    expect(done).to.deep.equal({ streams: 4, events: 6, copied: 6, alreadyThere: 0, encryptedEvents: 3, sealed: 4, alreadySealed: 0 });

    const raw = await rawTarget();
    for (const text of plainTexts) expect(raw, text).to.not.contain(text);
    expect(raw).to.contain('Sea Breeze Residency');
    for (const text of plainTexts) expect(JSON.stringify(before), text).to.contain(text);
    await expectSameRecordsAsSource();

    expect(await source.streamMetadata('booking-BK-OLDLOG01')).to.deep.equal({
      [MOVED_TO]: { database: TARGET, streamId: 'booking-BK-OLDLOG01', at: '2026-11-22T22:00:00.000Z' },
    });
    expect(await target.streamMetadata('booking-BK-OLDLOG01')).to.deep.equal({});
  });

  it('a second run copies nothing and marks nothing again', async () => {
    await migrate();
    const first = await target.events.readAll();
    const again = await migrate();
    expect(again).to.deep.equal({ streams: 4, events: 6, copied: 0, alreadyThere: 6, encryptedEvents: 0, sealed: 0, alreadySealed: 4 });
    expect(await target.events.readAll()).to.deep.equal(first);
  });

  it('a run cut short (the target went away after two appends) is finished by the next one', async () => {
    let appends = 0;
    const failing: EventStoreDBDatabase = {
      ...target,
      events: Object.assign(Object.create(target.events) as EventStore, {
        append: (...args: Parameters<EventStore['append']>) => {
          if (++appends > 2) newServer.stop();
          return target.events.append(...args);
        },
      }),
    };
    await migrate(failing, 1).then(
      () => expect.fail('the run should have failed'),
      (error: Error) => expect(error.name).to.equal('EventStoreUnavailableError'),
    );
    expect(await source.streamMetadata('customer-a7'), 'nothing marked before the copy is complete').to.deep.equal({});
    newServer.start();
    expect((await target.events.readAll()).length).to.equal(2);

    const rest = await migrate(target, 1);
    expect(rest).to.deep.equal({ streams: 4, events: 6, copied: 4, alreadyThere: 2, encryptedEvents: 2, sealed: 4, alreadySealed: 0 });
    for (const text of plainTexts) expect(await rawTarget(), text).to.not.contain(text);
    await expectSameRecordsAsSource();
  });

  it('the server takes the same ids appended again at the same revision as done, not as a second copy', async () => {
    await migrate();
    const [first] = await target.events.readStream('customer-a7');
    const result = await target.events.append('customer-a7', [{ id: first!.id, type: first!.type, data: first!.data, metadata: first!.metadata }], {
      expectedRevision: 'no_stream',
    });
    expect(result).to.deep.equal({ nextExpectedRevision: 0, position: first!.position });
    expect(await target.events.readStream('customer-a7')).to.have.length(before.filter((r) => r.streamId === 'customer-a7').length);
  });

  it('refuses a target that holds other data, before writing anything', async () => {
    await target.events.append('hotel-h9', [
      { type: 'HotelDelisted', data: { hotelId: 'h9', ownerId: 'o9', reason: 'owner-deleted', delistedAt: '2026-11-22T10:00:00.000Z' } },
    ]);
    const error = await migrate().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(MigrationTargetError);
    expect((error as Error).message).to.contain('the target database holds other data (hotel-h9@0');
    expect(await target.events.readAll()).to.have.length(1);
    expect(await source.streamMetadata('hotel-h1')).to.deep.equal({});
  });

  it('refuses a target holding a copy of a different log than the source', async () => {
    await migrate();
    await source.events.append('customer-a8', [{ type: 'AccountDeleted', data: { accountId: 'a8', role: 'customer' } }]);
    // The target now is a prefix of the source: the newer event is copied on.
    expect((await migrate()).copied).to.equal(1);
    await target.events.append('customer-zz', [{ type: 'AccountDeleted', data: { accountId: 'zz', role: 'customer' } }]);
    const error = await migrate().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(MigrationTargetError);
  });
});
