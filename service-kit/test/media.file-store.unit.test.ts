import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { createFileMediaStore, type MediaStore } from '../src/media/index.ts';

const BASE = '/sharma/resident/stays/media';

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('media: file store specifics', () => {
  let root: string;
  let dir: string;
  let store: MediaStore;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'stays-media-'));
    dir = join(root, 'media');
    store = createFileMediaStore({ dir, publicBaseUrl: BASE });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('keeps each object as a plain file a person can open, and leaves no temp files', async () => {
    const bytes = randomBytes(3000);
    const stored = await store.put({ bytes, contentType: 'image/webp', extension: 'webp' });
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => store.put({ bytes: Buffer.from(`v${i}`), contentType: 'text/plain', extension: 'txt', name: 'same.txt' })),
    );
    expect((await readFile(join(dir, stored.id))).equals(bytes)).to.equal(true);
    expect(await readdir(join(dir, '.tmp'))).to.deep.equal([]);
    expect((await readdir(dir)).sort()).to.deep.equal(['.meta', '.tmp', stored.id, 'same.txt'].sort());
  });

  it('never reads outside its directory, even when a file sits next to it', async () => {
    await writeFile(join(root, 'secret'), 'do not serve');
    expect(await store.get('../secret')).to.equal(null);
    expect(await store.get('..%2fsecret')).to.equal(null);
  });

  it('lets a reader finish the version it opened while the name is replaced', async () => {
    const v1 = randomBytes(200_000);
    await store.put({ bytes: v1, contentType: 'application/pdf', extension: 'pdf', name: 'Invoice_X.pdf' });
    const reading = await store.get('Invoice_X.pdf');
    await store.put({ bytes: Buffer.from('v2'), contentType: 'application/pdf', extension: 'pdf', name: 'Invoice_X.pdf' });
    expect((await readAll(reading!.body)).equals(v1)).to.equal(true);
    expect((await readAll((await store.get('Invoice_X.pdf'))!.body)).toString()).to.equal('v2');
  });

  it('falls back to the extension for an object stored without a sidecar', async () => {
    await store.put({ bytes: Buffer.from('x'), contentType: 'image/png', extension: 'png' }); // creates the folders
    await writeFile(join(dir, 'dropped-in.jpg'), 'jpeg bytes');
    const jpeg = (await store.get('dropped-in.jpg'))!;
    jpeg.body.destroy();
    expect(jpeg.contentType).to.equal('image/jpeg');
    await writeFile(join(dir, 'dropped-in.svg'), '<svg/>');
    const svg = (await store.get('dropped-in.svg'))!;
    svg.body.destroy();
    expect(svg.contentType).to.equal('application/octet-stream');
  });
});
