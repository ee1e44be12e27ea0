/**
 * Validation messages in the browser, at 1280 px and 390 px: a sign-up with a short
 * password says so in plain words under the form, before anything is sent; a sign-in the
 * server refuses shows the server's plain message. Screenshots go to
 * frontend/test-results/screenshots/.
 */
import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { messages } from '@stays/contracts';
import { generateDemoImage } from '@stays/service-kit';
import { SHOTS, launchChromium } from './support/browser.ts';
import { API, startE2eSystem, type E2eSystem } from './support/system.ts';

const ui = messages.ui;

describe('validation messages (e2e)', function () {
  this.timeout(120_000);
  let system: E2eSystem;
  let browser: Browser;

  before(async function () {
    system = await startE2eSystem({ seed: false });
    browser = await launchChromium();
    await mkdir(SHOTS, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    await system?.destroy();
  });

  for (const width of [1280, 390] as const) {
    it(`a sign-up with a short password, and a sign-in the server refuses, read in plain words at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: system.baseUrl });
      const page = await context.newPage();
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes(API)) sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
      });

      await page.goto('/signup-user');
      await page.getByLabel(ui.usernameLabel).fill('asha');
      await page.getByLabel(ui.nameLabel, { exact: true }).fill('Asha Verma');
      await page.getByLabel(ui.emailLabel).fill(`asha.${width}.${Date.now()}@example.com`);
      await page.getByLabel(ui.passwordLabel).fill('short');
      const photo = await generateDemoImage({ width: 120, height: 120, seed: 3, label: 'Asha' });
      await page.getByLabel(ui.profileImageLabel).setInputFiles({ name: 'asha.png', mimeType: 'image/png', buffer: photo });
      await page.getByRole('button', { name: ui.signUp }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).to.equal('Password must be at least 8 characters.');
      expect(sent.filter((call) => call.endsWith('/user/register'))).to.deep.equal([]);
      await alert.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `validation-signup-short-password-${width}.png`), fullPage: true });

      // The server's own refusal, shown as it says it: a password longer than any account's.
      await page.goto('/login-user');
      await page.getByLabel(ui.emailLabel).fill('asha@example.com');
      await page.getByLabel(ui.passwordLabel).fill('p'.repeat(129));
      await page.getByRole('button', { name: ui.signIn }).click();
      await page.getByText('Password must be at most 128 characters.').waitFor();
      expect(sent).to.include(`POST ${API}/user/login`);
      await page.screenshot({ path: path.join(SHOTS, `validation-signin-server-message-${width}.png`), fullPage: true });
      await context.close();
    });
  }
});
