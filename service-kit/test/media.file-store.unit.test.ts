import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { createFileMediaStore, removeMediaTempFiles, type MediaStore } from '../src/media/index.ts';

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

  it('reads the type by the extension when the sidecar is damaged or holds no text type', async () => {
    await store.put({ bytes: Buffer.from('x'), contentType: 'application/pdf', extension: 'pdf', name: 'Invoice_A.pdf' });
    await writeFile(join(dir, '.meta', 'Invoice_A.pdf.json'), '{"contentType": "application/pdf"');
    const cut = (await store.get('Invoice_A.pdf'))!;
    cut.body.destroy();
    expect(cut.contentType).to.equal('application/pdf');
    await writeFile(join(dir, '.meta', 'Invoice_A.pdf.json'), '{"contentType": 42}');
    const odd = (await store.get('Invoice_A.pdf'))!;
    odd.body.destroy();
    expect(odd.contentType).to.equal('application/pdf');
    await writeFile(join(dir, '.meta', 'Invoice_A.pdf.json'), '{"contentType": "text/plain"}');
    const recorded = (await store.get('Invoice_A.pdf'))!;
    recorded.body.destroy();
    expect(recorded.contentType, 'the sidecar decides when it can').to.equal('text/plain');
  });

  it('serves no directory and follows no link planted under an id, even one pointing inside the store', async () => {
    const stored = await store.put({ bytes: Buffer.from('photo'), contentType: 'image/webp', extension: 'webp' });
    await mkdir(join(dir, 'folder.webp'));
    await writeFile(join(root, 'secret'), 'do not serve');
    await symlink(join(root, 'secret'), join(dir, 'outside.webp'));
    await symlink(join(dir, stored.id), join(dir, 'inside.webp'));
    for (const id of ['folder.webp', 'outside.webp', 'inside.webp']) expect(await store.get(id), id).to.equal(null);
    const served = await store.get(stored.id);
    served!.body.destroy();
    expect(served).not.to.equal(null);
  });

  it('removes the temp files a crash left, and minds no temp folder at all', async () => {
    await store.put({ bytes: Buffer.from('x'), contentType: 'image/png', extension: 'png' });
    await writeFile(join(dir, '.tmp', 'cut-short-1'), 'partial');
    await writeFile(join(dir, '.tmp', 'cut-short-2'), 'partial');
    await removeMediaTempFiles(dir);
    expect(await readdir(join(dir, '.tmp'))).to.deep.equal([]);
    expect(await readdir(dir)).to.have.length(3);
    await removeMediaTempFiles(join(root, 'never-made'));
    await mkdir(join(root, 'damaged'));
    await writeFile(join(root, 'damaged', '.tmp'), 'a file where the temp folder should be');
    expect(
      await removeMediaTempFiles(join(root, 'damaged')).then(
        () => 'removed',
        (error: NodeJS.ErrnoException) => error.code,
      ),
    ).to.equal('ENOTDIR');
  });

  it('fails a sidecar it cannot read for another reason than its absence or its JSON', async () => {
    await store.put({ bytes: Buffer.from('x'), contentType: 'application/pdf', extension: 'pdf', name: 'Invoice_B.pdf' });
    await rm(join(dir, '.meta', 'Invoice_B.pdf.json'));
    await mkdir(join(dir, '.meta', 'Invoice_B.pdf.json'));
    expect(
      await store.get('Invoice_B.pdf').then(
        () => 'served',
        (error: NodeJS.ErrnoException) => error.code,
      ),
    ).to.equal('EISDIR');
  });

  it('makes its folders again on the next put after making them failed', async () => {
    await writeFile(root + '/media', 'a file in the way');
    expect(
      await store.put({ bytes: Buffer.from('x'), contentType: 'image/png', extension: 'png' }).then(
        () => 'stored',
        (error: NodeJS.ErrnoException) => error.code,
      ),
    ).to.equal('EEXIST');
    await rm(join(root, 'media'));
    const stored = await store.put({ bytes: Buffer.from('x'), contentType: 'image/png', extension: 'png' });
    expect((await readFile(join(dir, stored.id))).toString()).to.equal('x');
  });
});
