/**
 * migrate-personal-data against real EventStoreDB servers: EVENTSTORE_URL is the old
 * database, EVENTSTORE_MIGRATION_TARGET_URL a second server used by nothing but this test
 * (the copy resumes after what earlier runs copied there, so the pair can be reused; any
 * other data in it is refused). Checks what the simulation only models: idempotent
 * appends by event id, stream metadata, the original time read back from a copy.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { connectEventStoreDBDatabase, type EventStoreDBDatabase } from '@stays/event-store';
import { loadConfig } from '@stays/service-kit';
import { MOVED_TO, migrateEventStoreDB, openKeyStoreFor, type KeyStore } from '../src/index.ts';
import { plainTexts, writePlainLog } from './support/plain-log.ts';

const sourceUrl = process.env.EVENTSTORE_URL;
const targetUrl = process.env.EVENTSTORE_MIGRATION_TARGET_URL;

if (sourceUrl && targetUrl) {
  describe('migrate-personal-data: EventStoreDB into a new database (real servers)', function () {
    this.timeout(300_000);
    let dataDir: string;
    let source: EventStoreDBDatabase;
    let target: EventStoreDBDatabase;
    let keys: KeyStore;
    const suffix = `_m${randomBytes(4).toString('hex')}`;
    const streams = ['customer-a7', 'hotel-h1', 'booking-BK-OLDLOG01', 'customer-e9'].map((name) => `${name}${suffix}`);
    const targetName = targetUrl.replace(/\/\/[^@/]*@/, '//');

    before(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'stays-migrate-esdb-real-'));
      source = connectEventStoreDBDatabase(sourceUrl);
      target = connectEventStoreDBDatabase(targetUrl);
      await writePlainLog(source.events, suffix);
      const config = loadConfig({ DATA_DIR: dataDir, PERSONAL_DATA_KEY: randomBytes(32).toString('base64') });
      keys = await openKeyStoreFor(config, { rawLog: source.events, keepMasterKeyInDataDir: false });
    });
    after(async () => {
      await keys?.close();
      await Promise.all([source?.close(), target?.close()]);
      await rm(dataDir, { recursive: true, force: true });
    });

    it('copies the streams at their revisions with their ids and original times, encrypted, and marks the old ones', async () => {
      const done = await migrateEventStoreDB({ source, target, targetName, keys });
      expect(done.copied).to.be.at.least(6);
      expect(done.streams).to.be.at.least(4);
      for (const streamId of streams) {
        const old = await source.events.readStream(streamId);
        const copy = await target.events.readStream(streamId);
        expect(
          copy.map(({ id, type, revision, recordedAt }) => ({ id, type, revision, recordedAt })),
          streamId,
        ).to.deep.equal(old.map(({ id, type, revision, recordedAt }) => ({ id, type, revision, recordedAt })));
        const raw = JSON.stringify(copy);
        for (const text of plainTexts) expect(raw, `${text} in ${streamId}`).to.not.contain(text);
        expect((await source.streamMetadata(streamId))[MOVED_TO]).to.deep.include({ database: targetName, streamId });
      }
    });

    it('a second run copies nothing and marks nothing again', async () => {
      const again = await migrateEventStoreDB({ source, target, targetName, keys });
      expect(again).to.deep.include({ copied: 0, encryptedEvents: 0, sealed: 0 });
      expect(again.alreadyThere).to.equal(again.events);
    });

    it('the server takes the same event id appended again at the same revision as done', async () => {
      const [first] = await target.events.readStream(streams[0]!);
      const result = await target.events.append(streams[0]!, [{ id: first!.id, type: first!.type, data: first!.data, metadata: first!.metadata }], {
        expectedRevision: 'no_stream',
      });
      expect(result.nextExpectedRevision).to.equal(0);
      expect(await target.events.readStream(streams[0]!)).to.have.length(1);
    });
  });
} else {
  describe.skip('migrate-personal-data: EventStoreDB into a new database (set EVENTSTORE_URL and EVENTSTORE_MIGRATION_TARGET_URL, a second server used only by this test)', function () {
    it('copies, resumes, and marks against real servers');
  });
}
