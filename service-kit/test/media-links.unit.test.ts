import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { MediaLinkSigner, MediaLinks } from '../src/media/index.ts';

describe('media links', () => {
  const links = new MediaLinks({ publicUrl: 'https://stays.example.in', apiPrefix: '/api' });

  it('answers a recorded path on the configured address and prefix, whatever prefix it was recorded with', () => {
    expect(links.absolute('/sharma/resident/stays/media/4f2a.webp')).to.equal('https://stays.example.in/api/media/4f2a.webp');
    expect(links.absolute('/api/media/Invoice_BK-7Q2M4X9A.pdf')).to.equal('https://stays.example.in/api/media/Invoice_BK-7Q2M4X9A.pdf');
  });

  it('passes a link from elsewhere unchanged, and leaves what names no media alone', () => {
    expect(links.absolute('https://lh3.googleusercontent.com/a/photo=s96')).to.equal('https://lh3.googleusercontent.com/a/photo=s96');
    expect(links.mediaIdOf('/api/media/..')).to.equal(null);
    expect(links.mediaIdOf('/api/media/%E0%A4%A')).to.equal(null);
    expect(links.absolute('/api/media/')).to.equal('/api/media/');
  });

  it('signs a link for one reader that the signer alone can check', () => {
    let now = new Date('2026-05-01T10:00:00Z');
    const signer = new MediaLinkSigner(randomBytes(32), { lifetimeSeconds: 900, now: () => now });
    const signing = new MediaLinks({ publicUrl: 'https://stays.example.in', apiPrefix: '/api', signer });
    const link = new URL(signing.signed('/api/media/Invoice_BK-1.pdf', 'reader-1'));
    const query = Object.fromEntries(link.searchParams);
    expect(link.pathname).to.equal('/api/media/Invoice_BK-1.pdf');
    expect(query).to.include({ reader: 'reader-1', expires: String(Date.parse('2026-05-01T10:15:00Z') / 1000) });
    expect(signer.readerOf('Invoice_BK-1.pdf', query)).to.equal('reader-1');
    expect(signer.readerOf('Invoice_BK-2.pdf', query)).to.equal(null);
    expect(new MediaLinkSigner(randomBytes(32), { lifetimeSeconds: 900, now: () => now }).readerOf('Invoice_BK-1.pdf', query)).to.equal(null);
    expect(signer.readerOf('Invoice_BK-1.pdf', { ...query, reader: ['reader-1'] })).to.equal(null);
    now = new Date('2026-05-01T10:15:00Z');
    expect(signer.readerOf('Invoice_BK-1.pdf', query)).to.equal(null);
  });

  it('refuses a key shorter than 256 bits', () => {
    expect(() => new MediaLinkSigner(randomBytes(31), { lifetimeSeconds: 900 })).to.throw(RangeError, 'a media link key needs at least 32 bytes');
    expect(() => new MediaLinkSigner(randomBytes(32), { lifetimeSeconds: 900 })).not.to.throw();
  });

  it('signs for a reader named by letters, digits, - and _ only, and checks against the clock when given none', () => {
    const signer = new MediaLinkSigner(randomBytes(32), { lifetimeSeconds: 900 });
    for (const reader of ['', 'a b', 'ok\n', 'x'.repeat(65), 'é'])
      expect(() => signer.sign('a.pdf', reader), JSON.stringify(reader)).to.throw(RangeError, 'a reader id is letters, digits, - and _');
    const link = signer.sign('a.pdf', 'x'.repeat(64));
    expect(Number(link.expires) - Date.now() / 1000).to.be.within(899, 900);
    expect(signer.readerOf('a.pdf', { ...link })).to.equal('x'.repeat(64));
  });

  it('answers null, never an error, for a link with a part missing, changed or of another length', () => {
    const signer = new MediaLinkSigner(randomBytes(32), { lifetimeSeconds: 900 });
    const link = { ...signer.sign('a.pdf', 'reader-1') };
    const other = (change: Record<string, unknown>) => signer.readerOf('a.pdf', { ...link, ...change });
    expect(other({})).to.equal('reader-1');
    for (const change of [
      { reader: undefined },
      { expires: undefined },
      { signature: undefined },
      { reader: 'reader-2' },
      { expires: String(Number(link.expires) + 1) },
      { expires: `${link.expires}.0` },
      { signature: link.signature.slice(0, 42) },
      { signature: `${link.signature}A` },
      { signature: `${link.signature}AAAA` },
      { signature: '' },
      { signature: 'A'.repeat(43) },
    ])
      expect(other(change), JSON.stringify(change)).to.equal(null);
  });

  it('makes every link of a list absolute, and signs only links to our media, with a signer', () => {
    expect(links.absoluteAll(['/api/media/a.webp', 'HTTPS://cdn.example/b.webp', '/x/media/c.webp'])).to.deep.equal([
      'https://stays.example.in/api/media/a.webp',
      'HTTPS://cdn.example/b.webp',
      'https://stays.example.in/api/media/c.webp',
    ]);
    expect(links.mediaIdOf('/api/media/see-https://x'), 'a recorded path that merely holds an address').to.equal('x');
    expect(links.mediaIdOf('/api/media/a.webp')).to.equal('a.webp');
    expect(() => links.signed('/api/media/Invoice_BK-1.pdf', 'reader-1')).to.throw('private media links need a MediaLinkSigner');
    expect(() => links.signedReaderOf('Invoice_BK-1.pdf', {})).to.throw('private media links need a MediaLinkSigner');
    const signing = new MediaLinks({
      publicUrl: 'https://stays.example.in/',
      apiPrefix: '/api',
      signer: new MediaLinkSigner(randomBytes(32), { lifetimeSeconds: 60 }),
    });
    expect(() => signing.signed(`https://elsewhere.example/${'x'.repeat(100)}.pdf`, 'reader-1')).to.throw(
      new RegExp(`^not a link to our media: https://elsewhere\\.example/${'x'.repeat(54)}$`),
    );
    expect(links.absolute('http://cdn.example/b.webp'), 'plain http from elsewhere too').to.equal('http://cdn.example/b.webp');
    expect(new MediaLinks({ publicUrl: 'https://stays.example.in//', apiPrefix: '/api' }).urlOf('a.webp')).to.equal(
      'https://stays.example.in/api/media/a.webp',
    );
    const signed = new URL(signing.signed('/api/media/Invoice_BK-1.pdf', 'reader-1'));
    expect(signing.signedReaderOf('Invoice_BK-1.pdf', Object.fromEntries(signed.searchParams))).to.equal('reader-1');
  });
});
