/**
 * `npm run events -- migrate-personal-data` on an embedded log written without
 * encryption: run as an operator would, then the log file is read as bytes and through
 * the personal-data layer.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { openEmbeddedEventStore, type RecordedEvent } from '@stays/event-store';
import { ERASED } from '@stays/contracts';
import { loadConfig } from '@stays/service-kit';
import { openKeyStoreFor, withPersonalData } from '../src/index.ts';
import { plainTexts, writePlainLog } from './support/plain-log.ts';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

const migrate = (dataDir: string) =>
  run('npm', ['run', '--silent', 'events', '--', 'migrate-personal-data'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', MONGO_URL: '', PERSONAL_DATA_KEY: '' },
  });

describe('npm run events -- migrate-personal-data (embedded log)', function () {
  this.timeout(60_000);
  let dataDir: string;
  let before: RecordedEvent[];

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'stays-migrate-'));
    const plain = await openEmbeddedEventStore(path.join(dataDir, 'events'));
    await writePlainLog(plain);
    before = await plain.readAll();
    await plain.close();
    await mkdir(path.join(dataDir, 'notary'));
    await writeFile(path.join(dataDir, 'notary', 'heads'), 'signed heads over the plain log');
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('copies the log with personal fields encrypted, keeps the old one aside, and reads the same through the keys (the erased still erased)', async () => {
    const { stdout } = await migrate(dataDir);
    expect(stdout).to.contain(`Copied 6 events into a new log at ${path.join(dataDir, 'events')}, with the personal fields of 3 of them encrypted.`);
    const previous = (await readdir(dataDir)).find((name) => name.startsWith('events-before-encryption-'));
    expect(previous, 'the old log, kept').to.not.equal(undefined);
    expect(stdout).to.contain(path.join(dataDir, previous!)).and.contain('still holds personal data in plain text');

    const notaryKept = previous!.replace('events-', 'notary-');
    expect(await readFile(path.join(dataDir, notaryKept, 'heads'), 'utf8')).to.equal('signed heads over the plain log');
    expect(stdout).to.contain(`The notary's signed tree heads over the old log are kept at ${path.join(dataDir, notaryKept)}`);
    expect((await readdir(dataDir)).includes('notary')).to.equal(false);

    const migrated = await readFile(path.join(dataDir, 'events', 'events.log'), 'utf8');
    for (const text of plainTexts) expect(migrated, text).to.not.contain(text);
    expect(migrated).to.contain('Sea Breeze Residency');
    // sealed together, as the personal-data layer writes them (members stored in RFC 8785 order)
    expect(migrated).to.match(/"customerEmail":"pd2","customerId":"a7","customerName":"pd2\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+","customerPhoneNumber":"pd2"/);
    const old = await readFile(path.join(dataDir, previous!, 'events.log'), 'utf8');
    for (const text of plainTexts) expect(old, text).to.contain(text);

    const raw = await openEmbeddedEventStore(path.join(dataDir, 'events'));
    const keys = await openKeyStoreFor(loadConfig({ DATA_DIR: dataDir }), { rawLog: raw, keepMasterKeyInDataDir: true });
    const after = await withPersonalData(raw, keys).readAll();
    const erasedRegistration = before[3]!;
    expect(after).to.deep.equal(
      before.map((record) => (record === erasedRegistration ? { ...record, data: { ...record.data, name: ERASED, email: ERASED, username: ERASED } } : record)),
    );
    await raw.close();
    await keys.close();

    const again = await migrate(dataDir);
    expect(again.stdout).to.contain('with the personal fields of 0 of them encrypted');
  });
});
