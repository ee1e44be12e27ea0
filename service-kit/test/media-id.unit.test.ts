/**
 * Media ids, puts and fallback content types: which ids may name a stored file, what a put
 * must give (and the field and message of each refusal), an object's public URL, and the
 * type served for a file stored without one, never an active type.
 */
import { expect } from 'chai';
import { InvalidMediaIdError } from '../src/media/errors.ts';
import { contentTypeForId, isValidMediaId, mediaIdForPut, mediaUrl } from '../src/media/media-id.ts';

const refusal = (put: () => unknown) => {
  try {
    put();
  } catch (error) {
    return error as Error & { field?: string };
  }
  return null;
};

describe('media ids and puts', () => {
  it('takes an id that can only name a plain file inside the store', () => {
    for (const id of ['a', 'Invoice_BK-7Q2M4X9A.pdf', '4f2a.webp', `a${'b'.repeat(127)}`, '0.1-2_3']) expect(isValidMediaId(id), id).to.equal(true);
    for (const id of [
      '',
      '.meta',
      '.tmp',
      '..',
      'a..b',
      '../secret',
      'a/b',
      'a\\b',
      '-a',
      '_a',
      'a b',
      'a\nb',
      'é.png',
      `a${'b'.repeat(128)}`,
      42,
      null,
      undefined,
      ['a'],
    ])
      expect(isValidMediaId(id), JSON.stringify(id)).to.equal(false);
  });

  it('names an unnamed put by a random UUID and its extension, a named one by its name', () => {
    const first = mediaIdForPut({ bytes: Buffer.from('x'), contentType: 'image/webp', extension: 'webp' });
    expect(first).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.webp$/);
    expect(mediaIdForPut({ bytes: Buffer.from('x'), contentType: 'image/webp', extension: 'webp' })).not.to.equal(first);
    expect(mediaIdForPut({ bytes: Buffer.from('x'), contentType: 'application/pdf', extension: 'pdf', name: 'Invoice_BK-1.pdf' })).to.equal('Invoice_BK-1.pdf');
    expect(refusal(() => mediaIdForPut({ bytes: Buffer.from('x'), contentType: 'application/pdf', extension: 'pdf', name: '../x.pdf' }))).to.be.instanceOf(
      InvalidMediaIdError,
    );
  });

  it('refuses a put without bytes, with a content type or extension that could inject anything, naming the field', () => {
    const put = (input: Record<string, unknown>) =>
      refusal(() => mediaIdForPut({ bytes: Buffer.from('x'), contentType: 'image/png', extension: 'png', ...input } as never));
    const said = (error: ReturnType<typeof refusal>) => [error?.constructor.name, error?.field, error?.message];
    expect(said(put({ bytes: 'x' }))).to.deep.equal(['InvalidMediaInputError', 'bytes', 'bytes must be a Buffer']);
    for (const contentType of [
      'image',
      '',
      ' image/png',
      'image/png\n',
      'image/png\r\n; X-Evil: 1',
      'text/html\r\n\r\nimage/png',
      '<b>image/png',
      'image/png; name="é"',
      `image/${'x'.repeat(195)}`,
      42,
    ])
      expect(said(put({ contentType })), JSON.stringify(contentType)).to.deep.equal([
        'InvalidMediaInputError',
        'contentType',
        `invalid content type: ${JSON.stringify(String(contentType)).slice(0, 80)}`,
      ]);
    for (const contentType of ['image/png', 'text/plain; charset=utf-8', 'text/plain;charset=utf-8', 'text/plain\t; charset=utf-8', `image/${'x'.repeat(194)}`])
      expect(put({ contentType }), contentType).to.equal(null);
    for (const extension of ['../png', 'we/bp', '', 'a.b', 'x'.repeat(17), 'pn g', undefined, 7])
      expect(said(put({ extension })), JSON.stringify(extension)).to.deep.equal([
        'InvalidMediaInputError',
        'extension',
        `invalid extension: ${JSON.stringify(String(extension)).slice(0, 40)}`,
      ]);
    expect(put({ extension: 'x'.repeat(16) })).to.equal(null);
    expect(put({ extension: 'x'.repeat(50) })?.message, 'a long value cut in the message').to.equal(`invalid extension: "${'x'.repeat(39)}`);
  });

  it('puts the id, encoded, under the public base, whatever slashes the base ends with', () => {
    expect(mediaUrl('/sharma/resident/stays/media', 'a.webp')).to.equal('/sharma/resident/stays/media/a.webp');
    expect(mediaUrl('https://stays.example.in/media//', 'a b.pdf')).to.equal('https://stays.example.in/media/a%20b.pdf');
  });

  it('serves a file stored without a type by its extension, in any case, and never as an active type', () => {
    const types = Object.fromEntries(
      [
        'a.webp',
        'a.PNG',
        'a.jpg',
        'a.jpeg',
        'a.gif',
        'a.avif',
        'a.tif',
        'a.tiff',
        'a.pdf',
        'a.txt',
        'a.json',
        'a.svg',
        'a.html',
        'a.js',
        'noextension',
        'pdf',
        'a.',
        'a.constructor',
        'a.__proto__',
        'a.toString',
      ].map((id) => [id, contentTypeForId(id)]),
    );
    expect(types).to.deep.equal({
      'a.webp': 'image/webp',
      'a.PNG': 'image/png',
      'a.jpg': 'image/jpeg',
      'a.jpeg': 'image/jpeg',
      'a.gif': 'image/gif',
      'a.avif': 'image/avif',
      'a.tif': 'image/tiff',
      'a.tiff': 'image/tiff',
      'a.pdf': 'application/pdf',
      'a.txt': 'text/plain; charset=utf-8',
      'a.json': 'application/json',
      'a.svg': 'application/octet-stream',
      'a.html': 'application/octet-stream',
      'a.js': 'application/octet-stream',
      noextension: 'application/octet-stream',
      pdf: 'application/octet-stream',
      'a.': 'application/octet-stream',
      'a.constructor': 'application/octet-stream',
      'a.__proto__': 'application/octet-stream',
      'a.toString': 'application/octet-stream',
    });
  });
});
