/**
 * A forgotten password through the built client (Chromium via playwright-core): an owner asks
 * for a link from the sign-in page, opens the emailed link from the outbox, sets a new
 * password and signs in with it; the link then says it was used. A guest's link left more
 * than 30 minutes says it expired and leads to asking for a new one. Screenshots of each
 * screen at 1280 px and 390 px (prefix reset-); at 390 px nothing runs off the screen.
 */
import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { messages } from '@stays/contracts';
import { readOutbox } from '@stays/service-kit/testing';
import { SHOTS, launchChromium, shoot, urlMatches } from './support/browser.ts';
import { callApi, startE2eSystem, type E2eSystem } from './support/system.ts';

const ui = messages.ui;
const said = messages.passwordReset;
const oldPassword = 'monsoon-rains-2024';
const newPassword = 'kingfisher-at-dawn-77';

describe('forgotten password (e2e)', function () {
  this.timeout(120_000);
  let system: E2eSystem;
  let browser: Browser;
  let clockOffsetMs = 0;

  before(async function () {
    [system, browser] = await Promise.all([startE2eSystem({ seed: false, now: () => new Date(Date.now() + clockOffsetMs) }), launchChromium()]);
    await mkdir(SHOTS, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    await system?.destroy();
  });

  /** The reset link of the newest email to `to`, once it is in the outbox (it is sent after the answer). */
  async function linkFromOutbox(to: string, count: number): Promise<string> {
    for (let tries = 0; tries < 100; tries++) {
      const emails = (await readOutbox(path.join(system.dataDir, 'outbox'))).filter((entry) => entry.kind === 'email' && entry.to === to);
      const link = emails.length >= count ? /https?:\/\/\S+\/reset-password\?\S+/.exec(emails.at(-1)!.text)?.[0] : undefined;
      if (link !== undefined) return link;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no reset email number ${count} to ${to}`);
  }

  const fillNewPassword = async (page: Page, password: string) => {
    await page.getByLabel(said.newPasswordLabel, { exact: true }).fill(password);
    await page.getByLabel(said.confirmPasswordLabel, { exact: true }).fill(password);
  };

  it('an owner resets a forgotten password from the email, signs in with it, and the link works only once', async () => {
    const email = `owner.reset.${Date.now().toString(36)}@example.in`;
    expect((await callApi(system, 'POST', '/hotel/owner/register', { name: 'Ravi Kumar', email, password: oldPassword })).status).to.equal(201);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: system.baseUrl });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));

    await page.goto('/login-hotel-owner');
    await page.getByRole('link', { name: said.forgotPasswordLink }).click();
    await urlMatches(page, /\/forgot-password\?for=owner$/);
    await shoot(page, 'reset-01-forgot', (p) => p.getByRole('heading', { name: said.forgotTitle }).waitFor());
    await page.getByLabel(ui.ownerEmailLabel, { exact: true }).fill(email);
    await page.getByRole('button', { name: said.sendLink }).click();
    await page
      .getByRole('status')
      .filter({ hasText: said.linkSentIfAccount(30) })
      .waitFor();

    const link = await linkFromOutbox(email, 1);
    expect(new URL(link).searchParams.get('for')).to.equal('owner');
    await page.goto(link);
    await page.getByRole('heading', { name: said.resetTitle }).waitFor();
    await page.getByText(said.passwordRules(8, 128)).waitFor();
    await shoot(page, 'reset-02-new-password', (p) => p.getByRole('heading', { name: said.resetTitle }).waitFor());
    await page.getByLabel(said.newPasswordLabel, { exact: true }).fill(newPassword);
    await page.getByLabel(said.confirmPasswordLabel, { exact: true }).fill(`${newPassword}x`);
    await page.getByRole('button', { name: said.setPassword }).click();
    await page.getByRole('alert').filter({ hasText: said.passwordsDiffer }).waitFor();
    await fillNewPassword(page, newPassword);
    await page.getByRole('button', { name: said.setPassword }).click();

    await urlMatches(page, /\/login-hotel-owner$/);
    await page.getByRole('status').filter({ hasText: said.passwordWasReset }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'reset-03-signed-out-1280.png'), fullPage: true });
    await page.getByLabel(ui.ownerEmailLabel, { exact: true }).fill(email);
    await page.getByLabel(ui.passwordLabel, { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: ui.signIn }).click();
    await urlMatches(page, /\/hotel-details$/);

    await page.goto(link);
    await fillNewPassword(page, 'another-password-9');
    await page.getByRole('button', { name: said.setPassword }).click();
    await page.getByRole('alert').filter({ hasText: said.linkUsed }).waitFor();
    await page.getByRole('link', { name: said.askNewLink }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'reset-04-link-used-1280.png'), fullPage: true });
    await context.close();
  });

  it('a guest whose link is over 30 minutes old is told it expired and asks for a new one, at 390 px', async () => {
    const email = `guest.reset.${Date.now().toString(36)}@example.in`;
    const form = new FormData();
    for (const [name, value] of Object.entries({ username: 'asha', name: 'Asha Rao', email, password: oldPassword })) form.append(name, value);
    form.append('profileImage', new Blob([PNG_1x1], { type: 'image/png' }), 'me.png');
    expect((await callApi(system, 'POST', '/user/register', form)).status).to.equal(201);
    expect((await callApi(system, 'POST', '/user/password/forgot', { email })).status).to.equal(200);
    const link = await linkFromOutbox(email, 1);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: system.baseUrl });
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: said.resetTitle }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);
    clockOffsetMs = 31 * 60_000;
    try {
      await fillNewPassword(page, newPassword);
      await page.getByRole('button', { name: said.setPassword }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: said.linkExpired(30) })
        .waitFor();
    } finally {
      clockOffsetMs = 0;
    }
    await page.screenshot({ path: path.join(SHOTS, 'reset-05-link-expired-390.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);
    await page.getByRole('link', { name: said.askNewLink }).click();
    await urlMatches(page, /\/forgot-password$/);
    await page.getByLabel(ui.emailLabel, { exact: true }).fill(email);
    await page.getByRole('button', { name: said.sendLink }).click();
    await page
      .getByRole('status')
      .filter({ hasText: said.linkSentIfAccount(30) })
      .waitFor();
    expect(new URL(await linkFromOutbox(email, 2)).searchParams.has('for')).to.equal(false);
    await context.close();
  });
});

/** A 1×1 PNG: the guest sign-up needs a profile image. */
const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
