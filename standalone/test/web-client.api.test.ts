import { expect } from 'chai';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const DIST = fileURLToPath(new URL('../../frontend/dist/', import.meta.url));

/** The built web client as the one-process host serves it (`npm test` builds it first). */
describe('the web client files', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let indexHtml: string;
  let script: string;

  before(async () => {
    stays = await startTestSystem();
    indexHtml = await readFile(`${DIST}index.html`, 'utf8');
    script = (await readdir(`${DIST}assets`)).find((name) => name.endsWith('.js'))!;
  });
  after(async () => stays?.destroy());

  it('serves index.html for the root and for client-side routes, revalidated on every visit', async () => {
    for (const route of ['/', '/index.html', '/login-user', '/view-hotel/abc123', '/profile/']) {
      const page = await fetch(`${stays.baseUrl}${route}`);
      expect(page.status, route).to.equal(200);
      expect(page.headers.get('content-type'), route).to.match(/^text\/html/);
      expect(page.headers.get('cache-control'), route).to.equal('no-cache');
      expect(await page.text(), route).to.equal(indexHtml);
    }
  });

  it('serves hashed assets as JavaScript cached for a year, and HEAD without a body', async () => {
    const asset = await fetch(`${stays.baseUrl}/assets/${script}`);
    expect(asset.status).to.equal(200);
    expect(asset.headers.get('content-type')).to.match(/javascript/);
    expect(asset.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect(await asset.text()).to.equal(await readFile(`${DIST}assets/${script}`, 'utf8'));
    const head = await fetch(`${stays.baseUrl}/assets/${script}`, { method: 'HEAD' });
    expect(head.status).to.equal(200);
    expect(Number(head.headers.get('content-length'))).to.be.greaterThan(0);
    expect(await head.text()).to.equal('');
  });

  it('answers 404 for a missing file, and never serves a file from outside the client', async () => {
    expect((await fetch(`${stays.baseUrl}/assets/no-such-file.js`)).status).to.equal(404);
    for (const probe of ['/%2e%2e/package.json', '/assets/%2e%2e/%2e%2e/package.json', '/%E0%A4%A.js', '/..%2f..%2fREADME.md']) {
      const answer = await fetch(`${stays.baseUrl}${probe}`);
      const text = await answer.text();
      expect(text, probe).to.not.contain('"workspaces"');
      expect(text, probe).to.not.contain('# Stays');
      if (answer.status === 200) expect(text, probe).to.equal(indexHtml);
    }
  });
});
