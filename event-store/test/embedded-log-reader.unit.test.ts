/**
 * The embedded log opened read-only beside its writer: it sees each append once it is
 * complete in the file, never part of one, never bytes a crash left torn, and says so
 * when the file is cut behind it.
 */
import { expect } from 'chai';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedLogReader, LogCutBehindReaderError, openEmbeddedEventStore, type EventStore } from '../src/index.ts';
import { LOG_FILE_NAME } from '../src/embedded/embedded-event-store.ts';

const event = (n: number) => ({ type: 'Counted', data: { n, text: 'x'.repeat(n % 50) } });

describe('embedded log reader (read-only, beside the writer)', function () {
  let dir: string;
  let store: EventStore | undefined;
  let reader: EmbeddedLogReader | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stays-log-reader-'));
  });
  afterEach(async () => {
    await reader?.close();
    await store?.close();
    reader = store = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it('reads what the live writer acknowledged, in order, and then what it appends next', async () => {
    store = await openEmbeddedEventStore(dir);
    for (let n = 0; n < 30; n++) await store.append(`counter-${n % 3}`, [event(n), event(n + 100)]);
    reader = await EmbeddedLogReader.open(dir);
    const first = await reader.readEvents(1000); // small reads: many calls, each ending on a whole append
    const rest: unknown[] = [];
    for (let page = await reader.readEvents(1000); page.length > 0; page = await reader.readEvents(1000)) rest.push(...page);
    expect([...first, ...rest]).to.deep.equal(await store.readAll());
    expect(first.length % 2).to.equal(0);
    expect(reader.position).to.equal(60);

    await store.append('counter-9', [event(1), event(2), event(3)]);
    const next = await reader.readEvents();
    expect(next).to.deep.equal(await store.readAll({ after: 59 }));
    expect(next.map((e) => e.position)).to.deep.equal([60, 61, 62]);
    expect(await reader.readEvents()).to.deep.equal([]);
  });

  it('hands out an append only once all its records are in the file, and never a torn tail', async () => {
    store = await openEmbeddedEventStore(dir);
    await store.append('counter-1', [event(1)]);
    await store.append('counter-2', [event(2), event(3), event(4)]);
    await store.close();
    store = undefined;
    const path = join(dir, LOG_FILE_NAME);
    const whole = await readFile(path);
    await truncate(path, whole.length - 5); // the three-event append's last record half written

    reader = await EmbeddedLogReader.open(dir);
    expect((await reader.readEvents()).map((e) => e.streamId)).to.deep.equal(['counter-1']);
    expect(await reader.readEvents()).to.deep.equal([]);
    await writeFile(path, whole); // the write completes
    expect((await reader.readEvents()).map((e) => [e.streamId, e.revision])).to.deep.equal([
      ['counter-2', 0],
      ['counter-2', 1],
      ['counter-2', 2],
    ]);
  });

  it('refuses to go on when the file is cut behind what it read', async () => {
    store = await openEmbeddedEventStore(dir);
    await store.append('counter-1', [event(1)]);
    await store.append('counter-1', [event(2)]);
    reader = await EmbeddedLogReader.open(dir);
    expect(await reader.readEvents()).to.have.length(2);
    await store.close();
    store = undefined;
    await truncate(join(dir, LOG_FILE_NAME), 10);
    const failure = await reader.readEvents().catch((error: unknown) => error);
    expect(failure).to.be.instanceOf(LogCutBehindReaderError);
  });

  it('takes no lock: the writer opens and appends while a reader is open', async () => {
    store = await openEmbeddedEventStore(dir);
    await store.append('counter-1', [event(1)]);
    await store.close();
    reader = await EmbeddedLogReader.open(dir);
    store = await openEmbeddedEventStore(dir);
    await store.append('counter-1', [event(2)]);
    expect((await reader.readEvents()).map((e) => e.revision)).to.deep.equal([0, 1]);
  });
});
