/**
 * Calendar sync through the built client (Chromium via playwright-core), at 1280 and 390 px:
 * the Mumbai demo owner opens a listing's calendar, sees the secret link of its feed and copies
 * it, adds an Airbnb-shaped calendar served by a local server (CALENDAR_ALLOW_PRIVATE_URLS=1),
 * sees it read ("2 nights closed") and its nights closed on the calendar, marked as blocked by
 * another site; then makes a new link after confirming. Screenshots (prefix calendar-sync-).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { addDays, calendarSyncMessages, closureMessages, indiaToday, messages, roomName } from '@stays/contracts';
import { DEMO_PASSWORD, demoHotels } from '../../../standalone/src/demo/index.ts';
import { nightName } from '../../src/features/owner-calendar/calendar-months.ts';
import { SHOTS, launchChromium, recordCspViolations, urlMatches } from './support/browser.ts';
import { startE2eSystem, type E2eSystem } from './support/system.ts';

const texts = calendarSyncMessages;
const ui = messages.ui;

/** The first day of next month (India) and nights from `fromDay` to `toDay` of it. */
function nextMonthNights(fromDay: number, toDay: number): string[] {
  const today = indiaToday(new Date());
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const first = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return Array.from({ length: toDay - fromDay + 1 }, (_, index) => addDays(first, fromDay - 1 + index));
}

const airbnbFeed = (from: string, to: string, uid: string) =>
  [
    'BEGIN:VCALENDAR',
    'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
    'BEGIN:VEVENT',
    `DTEND;VALUE=DATE:${to.replaceAll('-', '')}`,
    `DTSTART;VALUE=DATE:${from.replaceAll('-', '')}`,
    `UID:${uid}@airbnb.com`,
    'SUMMARY:Reserved',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

describe('calendar sync with other sites (e2e)', function () {
  this.timeout(180_000);
  let system: E2eSystem;
  let browser: Browser;
  let feeds: http.Server;
  let feedsUrl: string;
  const served = new Map<string, string>();
  const mumbai = demoHotels.find((hotel) => hotel.city === 'Mumbai')!;
  const premium = mumbai.listings.find((listing) => listing.roomStandard === 'Premium')!;

  before(async () => {
    feeds = http.createServer((request, response) => {
      const feed = served.get(request.url ?? '');
      if (feed === undefined) response.writeHead(404).end();
      else response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(feed);
    });
    await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
    feedsUrl = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
    [system, browser] = await Promise.all([startE2eSystem({ env: { CALENDAR_ALLOW_PRIVATE_URLS: '1' } }), launchChromium()]);
    await mkdir(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await system?.destroy();
    feeds?.closeAllConnections();
    await new Promise<void>((resolve) => (feeds ? feeds.close(() => resolve()) : resolve()));
  });

  const night = (page: Page, date: string, closed: number) =>
    page.getByRole('button', { name: new RegExp(`^${nightName(date)}: \\d+ free ?, 0 booked ?, ${closed} closed$`) });

  for (const width of [1280, 390]) {
    it(`at ${width} px: the owner copies the feed link, adds another site's calendar, sees it read and its nights closed, and makes a new link`, async () => {
      const nights = width === 1280 ? nextMonthNights(5, 6) : nextMonthNights(15, 16);
      served.set(`/airbnb-${width}.ics`, airbnbFeed(nights[0]!, addDays(nights[nights.length - 1]!, 1), `e2e-${width}`));
      const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: system.baseUrl });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: system.baseUrl });
      const cspViolations: string[] = [];
      await recordCspViolations(context, cspViolations);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`page error: ${error.message}`));

      await page.goto('/login-hotel-owner');
      await page.getByLabel(ui.ownerEmailLabel, { exact: true }).fill(mumbai.owner.email);
      await page.getByLabel(ui.passwordLabel, { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: ui.signIn }).click();
      await urlMatches(page, /\/hotel-details$/);
      await page.getByRole('link', { name: ui.roomsData }).click();
      await page
        .getByRole('article', { name: roomName(premium.roomStandard, premium.roomType) })
        .getByRole('link', { name: closureMessages.openCalendar })
        .click();
      await urlMatches(page, /\/room-calendar\/[^/]+\/[^/]+$/);
      await page.getByRole('heading', { name: texts.title }).waitFor();

      const link = page.getByLabel(texts.exportLabel);
      const firstLink = await link.inputValue();
      expect(firstLink).to.match(/\/calendar\/[^/]+\/[A-Za-z0-9_-]{27}\.ics$/);
      await page.getByRole('button', { name: texts.copy }).click();
      await page.getByRole('status').getByText(texts.copied).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal(firstLink);

      const feedUrl = `${feedsUrl}/airbnb-${width}.ics`;
      await page.getByLabel(texts.addLabel).fill(feedUrl);
      await page.getByRole('button', { name: texts.add }).click();
      await page.getByRole('status').getByText(texts.feedAdded).waitFor();
      const feedItem = page.locator('.calendar-feeds li').filter({ hasText: feedUrl });
      await feedItem.getByText(/: 2 nights closed, 0 nights reopened$/).waitFor({ timeout: 30_000 });

      await page.getByRole('button', { name: closureMessages.nextMonth }).click();
      for (const date of nights) await night(page, date, 1).waitFor();
      await page.locator('.calendar-closures').getByText(texts.source('calendar')).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than the screen').to.be.at.most(width);
      await page.screenshot({ path: path.join(SHOTS, `calendar-sync-01-feed-read-${width}.png`), fullPage: true });

      await page.getByRole('button', { name: texts.renew }).click();
      await page.getByText(texts.renewConfirm).waitFor();
      await page.screenshot({ path: path.join(SHOTS, `calendar-sync-02-confirm-${width}.png`) });
      await page.getByRole('alertdialog').getByRole('button', { name: texts.renew }).click();
      await page.getByRole('status').getByText(texts.exportRenewed).waitFor();
      await page.waitForFunction((old) => (document.getElementById('calendar-export-url') as HTMLInputElement | null)?.value !== old, firstLink);
      expect((await fetch(firstLink)).status, 'the old link stops working').to.equal(404);
      expect((await fetch(await link.inputValue())).status).to.equal(200);

      expect(cspViolations).to.deep.equal([]);
      await context.close();
    });
  }
});
