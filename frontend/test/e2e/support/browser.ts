/** Browser helpers shared by the e2e journeys: Chromium, screenshots at two widths, address waits, OTPs from the outbox. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { readOutbox } from '@stays/service-kit/testing';

export const SHOTS = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    // Playwright gives every launch a fresh temporary user-data-dir.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/** Screenshots of the page's current address at 1280 px and 390 px (the narrow one in a fresh tab with the same storage). */
export async function shoot(page: Page, name: string, waitFor?: (p: Page) => Promise<unknown>): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
  const narrow = await page.context().newPage();
  await narrow.setViewportSize({ width: 390, height: 844 });
  await narrow.goto(page.url());
  if (waitFor) await waitFor(narrow);
  await narrow.evaluate(() => window.scrollTo(0, 0));
  await narrow.waitForLoadState('networkidle');
  await narrow.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
  await narrow.close();
}

/** Waits until the address matches (client-side navigations fire no load event). */
export async function urlMatches(page: Page, pattern: RegExp): Promise<void> {
  await page.waitForFunction((source) => new RegExp(source).test(window.location.href), pattern.source);
}

/** The 6-digit code of the newest SMS to `phone` in the outbox. */
export async function otpFromOutbox(outbox: string, phone: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const sms = (await readOutbox(outbox)).filter((entry) => entry.kind === 'sms' && entry.to.replace(/\s/g, '') === phone);
    const code = sms.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
    if (code !== undefined) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no OTP SMS to ${phone} in ${outbox}`);
}

/**
 * Records every Content Security Policy violation in the context's pages into `sink`:
 * each page reports the `securitypolicyviolation` event on its console, and Chromium's own
 * console reports of refused resources are taken too. Call before opening pages.
 */
export async function recordCspViolations(context: BrowserContext, sink: string[]): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.effectiveDirective} refused ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  context.on('console', (message) => {
    if (/CSP violation|Content Security Policy/i.test(message.text())) sink.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
}

/** Waits (bounded) until `sink` has at least `count` entries. */
export async function cspReports(sink: readonly string[], count: number, timeoutMs = 5000): Promise<readonly string[]> {
  const started = Date.now();
  while (sink.length < count && Date.now() - started < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 50));
  return sink;
}
