/**
 * The owner's availability calendar through the built client (Chromium via playwright-core)
 * against the whole product with the demo data, at 1280 px and at 390 px: the Mumbai demo
 * owner opens ROOM's DATA, a listing's CALENDAR, goes to next month, picks a range of nights
 * on the calendar, closes 3 of its units with a note, sees each night say so and the
 * closure listed; closing more units than are left is refused naming the night; then he
 * reopens it and sees the nights free again. Screenshots (prefix owner-calendar-) at each width.
 */
import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { addDays, closureMessages, indiaToday, messages, roomName } from '@stays/contracts';
import { DEMO_PASSWORD, demoHotels } from '../../../standalone/src/demo/index.ts';
import { nightName } from '../../src/features/owner-calendar/calendar-months.ts';
import { SHOTS, launchChromium, recordCspViolations, urlMatches } from './support/browser.ts';
import { startE2eSystem, type E2eSystem } from './support/system.ts';

const texts = closureMessages;
const ui = messages.ui;

describe('owner calendar: closing and reopening nights (e2e)', function () {
  this.timeout(180_000);
  let system: E2eSystem;
  let browser: Browser;
  const mumbai = demoHotels.find((hotel) => hotel.city === 'Mumbai')!;
  const premium = mumbai.listings.find((listing) => listing.roomStandard === 'Premium')!;
  const units = premium.totalUnits;

  before(async () => {
    [system, browser] = await Promise.all([startE2eSystem(), launchChromium()]);
    await mkdir(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await system?.destroy();
  });

  /** The first day of the month after today's (India), and the nights `from`..`to` days after it. */
  function nextMonthNights(fromDay: number, toDay: number): string[] {
    const today = indiaToday(new Date());
    const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const first = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
    return Array.from({ length: toDay - fromDay + 1 }, (_, index) => addDays(first, fromDay - 1 + index));
  }

  /** A night's button, by what it is read out as: 'Friday, 11 December 2026: 5 free, 0 booked, 3 closed' (Chromium puts a space between the cell's parts). */
  const night = (page: Page, date: string, free: number, closed: number) =>
    page.getByRole('button', { name: new RegExp(`^${nightName(date)}: ${free} free ?, 0 booked ?, ${closed} closed$`) });

  for (const width of [1280, 390]) {
    it(`at ${width} px: the owner closes a range of nights on the calendar, sees it closed, and reopens it`, async () => {
      const nights = width === 1280 ? nextMonthNights(10, 12) : nextMonthNights(20, 21);
      const [first, last] = [nights[0]!, nights[nights.length - 1]!];
      const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: system.baseUrl });
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
      const card = page.getByRole('article', { name: roomName(premium.roomStandard, premium.roomType) });
      await card.getByRole('link', { name: texts.openCalendar }).click();
      await urlMatches(page, /\/room-calendar\/[^/]+\/[^/]+$/);
      await page.getByRole('heading', { name: texts.calendarTitle }).waitFor();

      // next month, every night free; pick the first and the last night of the range on the calendar
      await page.getByRole('button', { name: texts.nextMonth }).click();
      await night(page, first, units, 0).click();
      await night(page, last, units, 0).click();
      expect(await page.getByLabel(texts.closeFrom).inputValue()).to.equal(first);
      expect(await page.getByLabel(texts.closeTo).inputValue()).to.equal(last);
      await page.getByLabel(texts.closeUnits).selectOption('3');
      await page.getByLabel(texts.closeNote).fill('Bathroom repairs');
      await page.getByRole('button', { name: texts.closeSubmit }).click();

      await page
        .getByRole('status')
        .getByText(texts.closedRange(first, last, 3))
        .waitFor();
      for (const date of nights) await night(page, date, units - 3, 3).waitFor();
      const range = texts.closureRange(first, last, nights.length);
      const closures = page.locator('.calendar-closures');
      await closures.getByText(range, { exact: true }).waitFor();
      await closures.getByText('Bathroom repairs').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than the screen').to.be.at.most(width);
      await page.screenshot({ path: path.join(SHOTS, `owner-calendar-01-closed-${width}.png`), fullPage: true });

      // closing more units than are left free is refused, naming the night
      await night(page, first, units - 3, 3).click();
      await page.getByLabel(texts.closeTo).fill('');
      await page.getByLabel(texts.closeUnits).selectOption(String(units));
      await page.getByRole('button', { name: texts.closeSubmit }).click();
      await page
        .getByRole('alert')
        .getByText(texts.notEnoughFree(first, units - 3, units))
        .waitFor();

      await page.getByRole('button', { name: texts.reopenLabel(range) }).click();
      await page.getByRole('status').getByText(texts.reopened(range)).waitFor();
      for (const date of nights) await night(page, date, units, 0).waitFor();
      await closures.getByText(texts.noClosures).waitFor();
      await page.screenshot({ path: path.join(SHOTS, `owner-calendar-02-reopened-${width}.png`), fullPage: true });

      expect(cspViolations).to.deep.equal([]);
      await context.close();
    });
  }
});
