/**
 * The embedded log stores each record as its RFC 8785 (JCS) text: the bytes the notary's
 * leaf commits to when it follows the log through the port, so verify-log hashes them as
 * they are. Checked on the log file of a real store against the tests' own JCS writer
 * (projections/test/support, written from RFC 8785 §3.2), for one example of every event
 * type in the catalogue and for the values where JCS and a plain JSON.stringify differ.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { eventSchemaVersions, type DomainEventType } from '@stays/contracts';
import { LOG_FILE_NAME, openEmbeddedEventStore, type EventStore, type RecordedEvent } from '@stays/event-store';
import { leafHash } from '@stays/notary';
import { jcs, leafHashOf } from '@stays/notary/test-support/rfc9162';
import { catalogueExamples } from '../events/catalogue-examples.ts';

/** The payloads of the log file's records, as stored (magic, length, CRC, payload). */
async function storedPayloads(dir: string): Promise<Buffer[]> {
  const bytes = await readFile(path.join(dir, LOG_FILE_NAME));
  const payloads: Buffer[] = [];
  for (let offset = 0; offset < bytes.length;) {
    const length = bytes.readUInt32BE(offset + 4);
    payloads.push(bytes.subarray(offset + 12, offset + 12 + length));
    offset += 12 + length;
  }
  return payloads;
}

/** Values JCS writes differently from JSON.stringify of the same object (member order, numbers as ECMAScript writes them). */
const awkward = {
  zeta: 1,
  alpha: { '\u20ac': 'Euro', '\r': 'CR', '\ufb33': 'Dalet', 1: 'One', '\ud83d\ude00': 'Emoji', '\u0080': 'Control', '\u00f6': 'ö', '': 'empty' },
  numbers: [1e21, 0.1, -0, 1e-7, JSON.parse('333333333.33333329') as number, 4.5, -1.5e300, 9007199254740991],
  strings: ['tab\tnew\nline "quoted" back\\slash /', 'line sep \u2028 para \u2029', '\u0001\u001f\u007f', 'हिंदी ₹ 😀', ''],
  nested: [{ b: [], a: {} }, null, true, false],
  dropped: undefined,
};

describe("the embedded log's stored record: its RFC 8785 text", function () {
  this.timeout(30_000);
  let dir: string;
  let store: EventStore;
  const types = Object.keys(catalogueExamples) as DomainEventType[];

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'stays-record-format-'));
    store = await openEmbeddedEventStore(dir);
    for (const type of types) {
      await store.append(`${type.toLowerCase()}-1`, [
        {
          type,
          data: catalogueExamples[type],
          metadata: { actor: 'customer-1', correlationId: 'BK-7Q2M9X4T', schemaVersion: eventSchemaVersions[type] },
        },
      ]);
    }
    await store.append('awkward-1', [{ type: 'Awkward', data: awkward, metadata: { schemaVersion: 1, zz: 'last', aa: 'first' } }]);
  });
  after(async () => {
    await store?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("stores every event type's record as the RFC 8785 text of the record appended, which is what the notary hashes", async () => {
    const records = await store.readAll();
    const payloads = await storedPayloads(dir);
    expect(payloads).to.have.length(types.length + 1);
    records.forEach((record, i) => {
      const appended =
        i < types.length
          ? {
              data: catalogueExamples[types[i]!],
              metadata: { actor: 'customer-1', correlationId: 'BK-7Q2M9X4T', schemaVersion: eventSchemaVersions[types[i]!] },
            }
          : { data: awkward, metadata: { schemaVersion: 1, zz: 'last', aa: 'first' } };
      // the record as appended, with what the store assigned (id, stream, revision, position, time)
      const expected = jcs({
        id: record.id,
        streamId: record.streamId,
        type: record.type,
        revision: record.revision,
        position: record.position,
        recordedAt: record.recordedAt,
        ...appended,
      });
      expect(payloads[i]!.toString('utf8'), record.type).to.equal(expected);
      const leaf = createHash('sha256')
        .update(Buffer.from([0]))
        .update(payloads[i]!)
        .digest();
      expect(leafHash(record).equals(leaf), record.type).to.equal(true);
      expect(leafHashOf(record).equals(leaf), record.type).to.equal(true);
    });
  });

  it('writes numbers and strings as RFC 8785 does: 1e21 as 1e+21, -0 as 0, escapes and non-ASCII as ECMAScript writes them', async () => {
    const payload = (await storedPayloads(dir)).at(-1)!.toString('utf8');
    // written out by hand from RFC 8785 §3.2: members sorted by UTF-16 code units ("" < "\r" < "1" < U+0080 < "ö" < "€" < U+1F600 (a
    // surrogate pair, 0xD83D) < U+FB33), undefined members left out, numbers and strings as ECMAScript writes them
    expect(payload.slice(0, payload.indexOf(',"id":'))).to.equal(
      '{"data":{' +
        '"alpha":{"":"empty","\\r":"CR","1":"One","\u0080":"Control","\u00f6":"ö","\u20ac":"Euro","\ud83d\ude00":"Emoji","\ufb33":"Dalet"},' +
        '"nested":[{"a":{},"b":[]},null,true,false],' +
        '"numbers":[1e+21,0.1,0,1e-7,333333333.3333333,4.5,-1.5e+300,9007199254740991],' +
        '"strings":["tab\\tnew\\nline \\"quoted\\" back\\\\slash /","line sep \u2028 para \u2029","\\u0001\\u001f\u007f","हिंदी ₹ 😀",""],' +
        '"zeta":1}',
    );
    expect(payload).to.match(/"metadata":\{"aa":"first","schemaVersion":1,"zz":"last"\},"position":/);
  });

  it('hands readers the record as stored, before and after a restart alike', async () => {
    const before = await store.readAll();
    await store.close();
    store = await openEmbeddedEventStore(dir);
    const after = await store.readAll();
    expect(after.map((record) => JSON.stringify(record))).to.deep.equal(before.map((record) => JSON.stringify(record)));
    expect(JSON.stringify(after.at(-1)!.metadata)).to.equal('{"aa":"first","schemaVersion":1,"zz":"last"}');
  });

  it('refuses an event with no RFC 8785 form (a lone surrogate), saying so, and stores nothing of it', async () => {
    const size = (await storedPayloads(dir)).length;
    let failure: unknown = null;
    await store.append('awkward-2', [{ type: 'Awkward', data: { name: 'a\ud800b' }, metadata: {} }]).catch((error: unknown) => (failure = error));
    expect(String(failure)).to.match(/event Awkward in awkward-2 has no RFC 8785 form, so it cannot be stored: Lone surrogate/);
    expect(await storedPayloads(dir)).to.have.length(size);
    const records: RecordedEvent[] = await store.readAll();
    expect(records).to.have.length(size);
  });
});
