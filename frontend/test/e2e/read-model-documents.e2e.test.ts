/**
 * An auditor browses a read model's documents on the dashboard's read models panel
 * (Chromium via playwright-core, the demo data): opens a version's documents, picks a
 * collection, pages through it, filters it, and reads the server's refusal of a filter
 * that runs code; at 1280 px and on a 390 px phone, where nothing overflows sideways.
 * Screenshots of the documents browser: read-model-documents-*.
 */
import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { auditMessages, messages, readModelDocumentsMessages, type AuditReadModelDocuments, type AuditReadModels } from '@stays/contracts';
import { SHOTS, launchChromium, urlMatches } from './support/browser.ts';
import { callApi, startE2eSystem, type E2eSystem } from './support/system.ts';

const texts = readModelDocumentsMessages;
const AUDITOR = { email: 'documents.e2e@example.com', password: 'auditor-password-1' };
const FLATS = '{"roomType": "Flat"}';

describe('read model documents on the auditors panel (e2e)', function () {
  this.timeout(180_000);
  let system: E2eSystem;
  let browser: Browser;
  let rooms: number;
  let flats: number;
  /** The hotels model's live version. */
  let hotels: number;

  before(async () => {
    [system, browser] = await Promise.all([
      startE2eSystem({ env: { BOOTSTRAP_AUDITOR_EMAIL: AUDITOR.email, BOOTSTRAP_AUDITOR_PASSWORD: AUDITOR.password } }),
      launchChromium(),
    ]);
    await mkdir(SHOTS, { recursive: true });
    // what the panel must show, as the API counts it
    const token = (await callApi<{ accessToken: string }>(system, 'POST', '/audit/login', AUDITOR)).json.data.accessToken;
    const count = async (query: string) =>
      (await callApi<AuditReadModelDocuments>(system, 'GET', `/audit/read-models/hotels/documents?collection=rooms${query}`, undefined, token)).json.data.total;
    hotels = (await callApi<AuditReadModels>(system, 'GET', '/audit/read-models', undefined, token)).json.data.models.find(
      (model) => model.name === 'hotels',
    )!.live!;
    rooms = await count('');
    flats = await count(`&filter=${encodeURIComponent(FLATS)}`);
    expect(rooms).to.be.greaterThan(20);
    expect(flats).to.be.within(1, rooms - 1);
  });

  after(async () => {
    await browser?.close();
    await system?.destroy();
  });

  async function browse(page: Page, width: number): Promise<void> {
    await page.goto('/login-auditor');
    await page.getByLabel(auditMessages.emailLabel, { exact: true }).fill(AUDITOR.email);
    await page.getByLabel(messages.ui.passwordLabel, { exact: true }).fill(AUDITOR.password);
    await page.getByRole('button', { name: messages.ui.signIn }).click();
    await urlMatches(page, /\/audit$/);

    const panel = page.getByRole('region', { name: auditMessages.readModelsTitle });
    await panel.getByRole('button', { name: texts.browseOf('hotels', hotels) }).click();
    const documents = page.getByRole('region', { name: texts.title('hotels', hotels) });
    await documents
      .getByRole('status')
      .filter({ hasText: /documents?$/ })
      .waitFor();
    // the first collection, then the rooms: 20 a page
    await documents.getByLabel(texts.collectionLabel).selectOption('rooms');
    await documents
      .getByRole('status')
      .filter({ hasText: texts.count(rooms) })
      .waitFor();
    const pages = Math.ceil(rooms / 20);
    await documents.getByText(texts.pageOf(1, pages)).waitFor();
    expect(await documents.getByRole('article').count()).to.equal(20);
    await documents.getByRole('button', { name: texts.nextPage }).click();
    await documents.getByText(texts.pageOf(2, pages)).waitFor();
    await documents.getByRole('article').first().waitFor();
    expect(await documents.getByRole('article').count()).to.equal(Math.min(20, rooms - 20));
    await documents.screenshot({ path: path.join(SHOTS, `read-model-documents-01-rooms-${width}.png`) });

    // a filter: the flats only, every one shown a Flat
    await documents.getByLabel(texts.filterLabel).fill(FLATS);
    await documents.getByRole('button', { name: texts.apply }).click();
    await documents
      .getByRole('status')
      .filter({ hasText: texts.count(flats) })
      .waitFor();
    const shown = await documents.getByRole('article').allTextContents();
    expect(shown).to.have.length(Math.min(flats, 20));
    for (const text of shown) expect(JSON.parse(text)).to.include({ roomType: 'Flat' });
    await documents.screenshot({ path: path.join(SHOTS, `read-model-documents-02-filtered-${width}.png`) });

    // a filter that runs code: the server's refusal, the page kept
    await documents.getByLabel(texts.filterLabel).fill('{"$where": "sleep(1000)"}');
    await documents.getByRole('button', { name: texts.apply }).click();
    await documents.getByText(/^the filter uses \$where, which is not allowed here/).waitFor();
    await documents.screenshot({ path: path.join(SHOTS, `read-model-documents-03-refused-${width}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(width);

    await documents.getByRole('button', { name: texts.close }).click();
    await documents.waitFor({ state: 'detached' });
  }

  for (const width of [1280, 390]) {
    it(`lists a model's documents with paging and a filter at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: system.baseUrl });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
      try {
        await browse(page, width);
      } finally {
        await context.close();
      }
    });
  }
});
