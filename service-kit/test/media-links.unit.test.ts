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
    expect(() => new MediaLinkSigner(randomBytes(16), { lifetimeSeconds: 900 })).to.throw(RangeError);
  });
});
