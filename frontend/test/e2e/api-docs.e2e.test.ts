/**
 * The API reference page (/api-docs) in Chromium: swagger-ui renders the generated OpenAPI
 * document at 1280 px and on a 390 px phone, under the page's own CSP, with no violation.
 * Screenshots: api-docs-1280, api-docs-390.
 */
import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { SHOTS, cspReports, launchChromium, recordCspViolations, shoot } from './support/browser.ts';
import { startE2eSystem, type E2eSystem } from './support/system.ts';

const rendered = async (page: Page) => {
  await page.getByText('Stays API', { exact: false }).first().waitFor();
  await page.locator('.opblock').first().waitFor();
};

describe('the API reference page (e2e)', function () {
  this.timeout(120_000);
  let system: E2eSystem;
  let browser: Browser;

  before(async () => {
    [system, browser] = await Promise.all([startE2eSystem({ seed: false }), launchChromium()]);
    await mkdir(SHOTS, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    await system?.destroy();
  });

  it('renders every operation of the document at 1280 and 390 px without a CSP violation', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const violations: string[] = [];
    await recordCspViolations(context, violations);
    const page = await context.newPage();
    await page.goto(`${system.baseUrl}/api-docs`);
    await rendered(page);
    const document = (await (await fetch(`${system.baseUrl}/sharma/resident/stays/openapi.json`)).json()) as { paths: Record<string, object> };
    const operations = Object.values(document.paths).reduce((count, methods) => count + Object.keys(methods).length, 0);
    expect(await page.locator('.opblock').count()).to.equal(operations);
    // an operation opens to its parameters and answers
    await page.locator('.opblock-summary-path', { hasText: /^\/hotel\/booking\/book\/hotel$/ }).click();
    await page.locator('.opblock.is-open .responses-table').first().waitFor();
    await page.getByText('Too many attempts', { exact: false }).first().waitFor();
    await shoot(page, 'api-docs', rendered);
    expect(await cspReports(violations, 1, 1000)).to.deep.equal([]);
    await context.close();
  });
});
