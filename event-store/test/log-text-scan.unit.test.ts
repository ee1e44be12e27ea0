/**
 * The embedded log tells whether its records may hold a text from their stored bytes,
 * without decoding them: never "no" for a text a record holds, wherever it falls in the
 * file's reads.
 */
import { expect } from 'chai';
import { openInMemoryEventStore, type EventStore } from '../src/index.ts';
import { MemoryLogFile } from '../src/embedded/log-file.ts';
import { logBytesHold } from '../src/embedded/log-text-scan.ts';

describe('embedded log: searching the stored bytes for a text', () => {
  let store: EventStore;

  beforeEach(async () => {
    store = await openInMemoryEventStore();
  });
  afterEach(() => store.close());

  it('answers no for an empty log and for a text no record holds, yes for a text in a value of any record', async () => {
    expect(await store.storedBytesMayHold!(['"pd2.'])).to.equal(false);
    for (let n = 0; n < 40; n++) await store.append(`guest-${n}`, [{ type: 'Registered', data: { name: `Guest ${n}`, city: 'Pune' } }]);
    expect(await store.storedBytesMayHold!(['"pd2.', '"pd1.'])).to.equal(false);
    await store.append('guest-40', [{ type: 'Registered', data: { name: 'pd2.not-sealed', city: 'Pune' } }]);
    expect(await store.storedBytesMayHold!(['"pd1.', '"pd2.']), 'in the last record').to.equal(true);
    await store.append('guest-41', [{ type: 'Registered', data: { name: 'Guest 41', city: 'Pune' } }]);
    expect(await store.storedBytesMayHold!(['"pd1.'])).to.equal(false);
    expect(await store.storedBytesMayHold!(['"pd1.', '"pd2.'])).to.equal(true);
    expect(await store.storedBytesMayHold!(['"Guest 39"'])).to.equal(true);
  });

  it('finds a text that straddles two reads of the file, at every offset, and nothing past the end it is given', async () => {
    const needle = Buffer.from('"pd2.');
    const runBytes = 16;
    for (let at = 0; at + needle.length <= 64; at++) {
      const bytes = Buffer.alloc(64, 'x');
      needle.copy(bytes, at);
      const file = new MemoryLogFile();
      await file.write(bytes, 0);
      expect(await logBytesHold(file, bytes.length, [needle], runBytes), `at ${at}`).to.equal(true);
      expect(await logBytesHold(file, at + needle.length - 1, [needle], runBytes), `cut before its last byte, at ${at}`).to.equal(false);
      expect(await logBytesHold(file, bytes.length, [Buffer.from('"pd1.')], runBytes), `another text, at ${at}`).to.equal(false);
    }
  });
});
