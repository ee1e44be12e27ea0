import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { createFileMediaStore, createGridFsMediaStore, InvalidMediaIdError, InvalidMediaInputError, type MediaStore } from '../src/media/index.ts';

const BASE = '/sharma/resident/stays/media';
const HOSTILE_IDS = ['../x', 'a/b', '%2e%2e', '', '..', '.', '.meta', '.tmp', '/etc/passwd', 'a\\b', 'a..b', '..%2fx', 'x\u0000y', 'x'.repeat(129), 'ü.png'];

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function thrown(action: () => Promise<unknown>): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

interface Harness {
  store: MediaStore;
  close(): Promise<void>;
}

/** One suite, every adapter: the file store always, GridFS when MONGO_URL is set. */
function mediaStoreContract(adapter: string, open: () => Promise<Harness>) {
  describe(`media store contract: ${adapter}`, () => {
    let harness: Harness;
    let store: MediaStore;
    beforeEach(async () => {
      harness = await open();
      store = harness.store;
    });
    afterEach(() => harness.close());

    it('puts, gets and deletes bytes with their content type, size and public url', async () => {
      const bytes = randomBytes(70_000);
      const stored = await store.put({ bytes, contentType: 'image/webp', extension: 'webp' });
      expect(stored.id).to.match(/^[0-9a-f-]{36}\.webp$/);
      expect(stored).to.deep.include({ contentType: 'image/webp', size: bytes.length, url: `${BASE}/${stored.id}` });

      const got = await store.get(stored.id);
      expect(got).to.not.equal(null);
      expect(got!.contentType).to.equal('image/webp');
      expect(got!.size).to.equal(bytes.length);
      expect((await readAll(got!.body)).equals(bytes)).to.equal(true);

      await store.delete(stored.id);
      expect(await store.get(stored.id)).to.equal(null);
      await store.delete(stored.id); // idempotent
    });

    it('gives random ids to unnamed puts', async () => {
      const a = await store.put({ bytes: Buffer.from('a'), contentType: 'image/png', extension: 'png' });
      const b = await store.put({ bytes: Buffer.from('a'), contentType: 'image/png', extension: 'png' });
      expect(a.id).to.not.equal(b.id);
    });

    it('makes a named put deterministic: the same name replaces the bytes under the same id and url', async () => {
      const first = await store.put({ bytes: Buffer.from('%PDF first'), contentType: 'application/pdf', extension: 'pdf', name: 'Invoice_BK7Q2M.pdf' });
      const second = await store.put({
        bytes: Buffer.from('%PDF second, longer'),
        contentType: 'application/pdf',
        extension: 'pdf',
        name: 'Invoice_BK7Q2M.pdf',
      });
      expect(first.id).to.equal('Invoice_BK7Q2M.pdf');
      expect(second).to.deep.equal({ ...first, size: 19 });
      const got = await store.get('Invoice_BK7Q2M.pdf');
      expect(got!.size).to.equal(19);
      expect((await readAll(got!.body)).toString()).to.equal('%PDF second, longer');
      await store.delete('Invoice_BK7Q2M.pdf');
      expect(await store.get('Invoice_BK7Q2M.pdf')).to.equal(null);
    });

    it('preserves the content type given, whatever the extension says', async () => {
      const stored = await store.put({
        bytes: Buffer.from('{}'),
        contentType: 'application/vnd.stays+json; charset=utf-8',
        extension: 'bin',
        name: 'report.bin',
      });
      const got = (await store.get(stored.id))!;
      got.body.destroy();
      expect(got.contentType).to.equal('application/vnd.stays+json; charset=utf-8');
    });

    it('stores and returns empty bytes', async () => {
      const stored = await store.put({ bytes: Buffer.alloc(0), contentType: 'text/plain', extension: 'txt' });
      const got = await store.get(stored.id);
      expect(got!.size).to.equal(0);
      expect((await readAll(got!.body)).length).to.equal(0);
    });

    it('encodes the id in the url', async () => {
      const stored = await store.put({ bytes: Buffer.from('x'), contentType: 'text/plain', extension: 'txt', name: 'a_b-c.d.txt' });
      expect(stored.url).to.equal(`${BASE}/a_b-c.d.txt`);
    });

    it('refuses hostile ids: get answers null, delete and a named put throw InvalidMediaIdError', async () => {
      for (const id of HOSTILE_IDS) {
        expect(await store.get(id), JSON.stringify(id)).to.equal(null);
        expect(await thrown(() => store.delete(id)), JSON.stringify(id)).to.be.instanceOf(InvalidMediaIdError);
        expect(
          await thrown(() => store.put({ bytes: Buffer.from('x'), contentType: 'text/plain', extension: 'txt', name: id })),
          JSON.stringify(id),
        ).to.be.instanceOf(InvalidMediaIdError);
      }
    });

    it('refuses a content type or extension that could inject anything', async () => {
      const put = (contentType: string, extension: string) => thrown(() => store.put({ bytes: Buffer.from('x'), contentType, extension }));
      for (const contentType of ['text/html\r\nX-Evil: 1', 'image/png\r\n; X-Evil: 1', 'image', '', 'image/png\n']) {
        expect(await put(contentType, 'png'), JSON.stringify(contentType)).to.be.instanceOf(InvalidMediaInputError);
      }
      for (const extension of ['../png', 'we/bp', '', 'a.b', 'x'.repeat(17)]) {
        expect(await put('image/png', extension), JSON.stringify(extension)).to.be.instanceOf(InvalidMediaInputError);
      }
    });

    it('keeps every one of many concurrent puts', async () => {
      const inputs = Array.from({ length: 25 }, (_, i) => ({
        bytes: randomBytes(1000 + i * 97),
        contentType: i % 2 ? 'image/webp' : 'application/pdf',
        extension: 'bin',
      }));
      const stored = await Promise.all(inputs.map((input) => store.put(input)));
      expect(new Set(stored.map((s) => s.id)).size).to.equal(inputs.length);
      for (const [i, s] of stored.entries()) {
        const got = await store.get(s.id);
        expect(got!.contentType).to.equal(inputs[i]!.contentType);
        expect((await readAll(got!.body)).equals(inputs[i]!.bytes)).to.equal(true);
      }
    });

    it('leaves exactly one whole version after concurrent puts of one name', async () => {
      const inputs = Array.from({ length: 10 }, (_, i) => ({
        bytes: randomBytes(5000 + i),
        contentType: `image/x-v${i}`,
        extension: 'bin',
        name: 'retried.bin',
      }));
      await Promise.all(inputs.map((input) => store.put(input)));
      const got = await store.get('retried.bin');
      const bytes = await readAll(got!.body);
      const winner = inputs.find((input) => input.bytes.equals(bytes));
      expect(winner, 'the stored bytes are one whole put').to.not.equal(undefined);
      expect(got!.contentType).to.equal(winner!.contentType);
      expect(got!.size).to.equal(bytes.length);
    });
  });
}

mediaStoreContract('file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'stays-media-'));
  return { store: createFileMediaStore({ dir: join(dir, 'media'), publicBaseUrl: `${BASE}/` }), close: () => rm(dir, { recursive: true, force: true }) };
});

if (process.env.MONGO_URL) {
  const url = process.env.MONGO_URL;
  mediaStoreContract('gridfs', async () => {
    const { MongoClient } = await import('mongodb');
    const client = await MongoClient.connect(url);
    const db = client.db(`stays_media_test_${randomBytes(4).toString('hex')}`);
    return {
      store: createGridFsMediaStore({ db, publicBaseUrl: BASE }),
      close: async () => {
        await db.dropDatabase();
        await client.close();
      },
    };
  });
}
