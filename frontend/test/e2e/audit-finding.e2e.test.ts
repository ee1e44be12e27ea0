/**
 * Finding things as an auditor, in Chromium at 1280 px and 390 px against the whole product
 * in this process: the demo guest books two stays at a demo hotel and cancels one; the
 * auditor finds them by picking the hotel from the suggestions for part of its name and by
 * status, opens a record's stored JSON (personal fields encrypted) and its decrypted view,
 * follows a log entry to its booking's history, steps the as-of view by its labelled events
 * and sees the fields the cancellation changed highlighted; the header offers an auditor only
 * the dashboard and one sign-out. Screenshots: audit-find-*.
 */
import path from 'node:path';
import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { addDays, auditMessages, earliestCommencement, messages } from '@stays/contracts';
import { DEMO_PASSWORD, demoGuest } from '../../../standalone/src/demo/index.ts';
import { SHOTS, launchChromium, recordCspViolations, urlMatches } from './support/browser.ts';
import { demoGuestBooks } from './support/demo-booking.ts';
import { callApi, startE2eSystem, type E2eSystem } from './support/system.ts';

const texts = auditMessages;
const ui = messages.ui;
const AUDITOR = { email: 'auditor.finder@example.com', password: 'auditor-password-2' };

describe('auditors finding bookings and records (e2e)', function () {
  this.timeout(240_000);
  let system: E2eSystem;
  let browser: Browser;
  let hotel: { _id: string; hotelName: string; city: string };
  let upcomingID: string;
  let cancelledID: string;

  before(async () => {
    [system, browser] = await Promise.all([
      startE2eSystem({ env: { BOOTSTRAP_AUDITOR_EMAIL: AUDITOR.email, BOOTSTRAP_AUDITOR_PASSWORD: AUDITOR.password } }),
      launchChromium(),
    ]);
    await mkdir(SHOTS, { recursive: true });
    const api = <T>(method: string, route: string, body?: unknown, token?: string) => callApi<T>(system, method, route, body, token);
    hotel = (await api<{ _id: string; hotelName: string; city: string }[]>('GET', '/hotel/data/get/all/hotels')).json.data[0]!;
    const room = (await api<{ roomType: 'Room' | 'Flat'; roomStandard: string }[]>('GET', `/hotel/room/get/all/rooms/${hotel._id}`)).json.data[0]!;
    const stay = { hotelID: hotel._id, roomType: room.roomType, roomStandard: room.roomStandard, numberOfRooms: 1, numberOfNights: 1 };
    const first = earliestCommencement(new Date());
    upcomingID = await demoGuestBooks(system, { ...stay, phone: '9845011111', dateOfCommencement: addDays(first, 9) });
    cancelledID = await demoGuestBooks(system, { ...stay, phone: '9845022222', dateOfCommencement: addDays(first, 12) });
    const guest = await api<{ accessToken: string }>('POST', '/user/login', { email: demoGuest.email, password: DEMO_PASSWORD });
    const cancelled = await api('POST', `/hotel/booking/cancel/${cancelledID}`, {}, guest.json.data.accessToken);
    expect(cancelled.json.success, cancelled.json.message).to.equal(true);
  });

  after(async () => {
    await browser?.close();
    await system?.destroy();
  });

  /** The whole page, or only what is in view (a dialog, or a section scrolled to below the sticky header). */
  const shot = (page: Page, name: string, width: number, fullPage = true) =>
    page.screenshot({ path: path.join(SHOTS, `audit-find-${name}-${width}.png`), fullPage });

  for (const width of [1280, 390]) {
    it(`at ${width} px: finds bookings by a suggested hotel and status, opens JSON views, follows the log to a history, steps the as-of view`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: system.baseUrl });
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const cspViolations: string[] = [];
      await recordCspViolations(context, cspViolations);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`page error: ${error.message}`));

      await page.goto('/login-auditor');
      await page.getByLabel(texts.emailLabel, { exact: true }).fill(AUDITOR.email);
      await page.getByLabel(ui.passwordLabel, { exact: true }).fill(AUDITOR.password);
      await page.getByRole('button', { name: ui.signIn }).click();
      await urlMatches(page, /\/audit$/);

      // The header offers an auditor the dashboard and one sign-out: no booking or listing entries, no second sign-out on the page.
      const header = page.getByRole('navigation', { name: ui.mainNavigation });
      await header.getByRole('link', { name: ui.navAudit, exact: true }).waitFor();
      expect(await page.getByRole('button', { name: ui.navLogout, exact: true }).count()).to.equal(1);
      expect(await page.getByRole('button', { name: ui.signOut, exact: true }).count()).to.equal(0);
      const banner = page.getByRole('banner');
      expect(await banner.getByText(ui.listYourProperty).count()).to.equal(0);
      expect(await header.getByRole('link', { name: ui.navHome, exact: true }).count()).to.equal(0);
      expect(await banner.getByText(ui.callToBook).count()).to.equal(0);

      // Part of the hotel's name, any case: the suggestions name the hotel with its city; picking one searches by it.
      const part = hotel.hotelName.slice(0, 5).toLowerCase();
      await page.getByLabel(texts.hotelNameLabel, { exact: true }).fill(part);
      const suggestions = page.getByRole('listbox', { name: texts.hotelSuggestionsLabel });
      await suggestions.getByRole('option', { name: new RegExp(`^${hotel.hotelName}`) }).click();
      await page.getByText(texts.hotelPicked(hotel.hotelName, hotel.city)).waitFor();
      await page.getByLabel(texts.statusLabel, { exact: true }).selectOption({ label: texts.statusFilters.cancelled });
      await page.getByRole('button', { name: texts.search }).click();
      const found = page.getByRole('region', { name: texts.findBooking });
      await found.getByRole('article', { name: cancelledID }).waitFor();
      const cards = found.getByRole('article');
      const statuses = await cards.evaluateAll((nodes) => nodes.map((node) => node.querySelector('.bp6-tag')?.textContent));
      expect(statuses.every((status) => status === texts.statuses.cancelled)).to.equal(true);
      expect(await found.getByRole('article', { name: upcomingID }).count()).to.equal(0);
      await shot(page, 'search', width);
      await page.getByLabel(texts.statusLabel, { exact: true }).selectOption({ label: texts.statusFilters.upcoming });
      await page.getByRole('button', { name: texts.search }).click();
      await found.getByRole('article', { name: upcomingID }).waitFor();
      expect(await found.getByRole('article', { name: cancelledID }).count()).to.equal(0);
      // clearing the hotel offers the name field again
      await page.getByRole('button', { name: texts.clearHotel }).click();
      await page.getByLabel(texts.hotelNameLabel, { exact: true }).waitFor();

      // The log browser's types come from the catalogue, grouped by stream category; a booking's entry links to its history.
      const log = page.getByRole('region', { name: texts.logTitle });
      const typeSelect = log.getByLabel(texts.typeLabel, { exact: true });
      expect(await typeSelect.locator('optgroup[label="booking"] option').allTextContents()).to.include.members(['BookingPlaced', 'BookingCancelled']);
      await typeSelect.selectOption('BookingCancelled');
      await log.getByRole('button', { name: texts.showRecords }).click();
      const historyLink = log.getByRole('link', { name: texts.bookingHistoryLink(cancelledID) });
      await historyLink.waitFor();
      await shot(page, 'log', width);
      await historyLink.click();
      await urlMatches(page, new RegExp(`/audit\\?booking=${cancelledID}$`));
      await page.getByRole('heading', { name: texts.historyTitle(cancelledID) }).waitFor();

      // A record's stored JSON (personal fields encrypted) and its decrypted view, each one click away and copyable.
      const timeline = page.getByRole('list', { name: texts.timelineLabel });
      const placedCard = timeline.getByRole('article', { name: /^BookingPlaced / });
      await placedCard.getByRole('button', { name: texts.storedJson }).click();
      const dialog = page.getByRole('dialog');
      const stored = await dialog.locator('pre').textContent();
      expect(stored).to.match(/"customerName": "pd2\./);
      expect(stored).to.not.include(demoGuest.name);
      // the clipboard takes writes only from the page with focus, which another test's page may hold
      await page.bringToFront();
      await dialog.getByRole('button', { name: texts.copyJson }).click();
      await dialog.getByRole('button', { name: texts.copied }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal(stored);
      await shot(page, 'stored-json', width, false);
      // Blueprint's dialog close button
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await placedCard.getByRole('button', { name: texts.decryptedJson }).click();
      expect(await page.getByRole('dialog').locator('pre').textContent()).to.include(`"customerName": "${demoGuest.name}"`);
      await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();

      // The as-of view: every step labelled with what happened and when; the cancellation's changed fields highlighted.
      const steps = page.getByRole('list', { name: texts.asOfSteps });
      await steps.getByRole('button', { name: texts.asOfBeforeStep }).waitFor();
      const labels = await steps.getByRole('button').allTextContents();
      expect(labels.length).to.equal((await timeline.getByRole('article').count()) + 1);
      expect(labels.slice(1).every((label) => /\d{2} \w{3} \d{4}, \d{2}:\d{2}:\d{2}$/.test(label))).to.equal(true);
      await steps.getByRole('button', { name: /^Booking cancelled by the guest/ }).click();
      const asOfSection = page.getByRole('region', { name: texts.asOfTitle });
      await asOfSection.getByText(/^Folded up to BookingCancelled at /).waitFor();
      await asOfSection.getByText(/^4 fields changed by Booking cancelled by the guest/).waitFor();
      const highlighted = await asOfSection.locator('.audit-changed dt').evaluateAll((nodes) => nodes.map((node) => node.firstChild?.textContent));
      expect(highlighted).to.include.members(['Status', 'Cancellation: Cancelled at']);
      expect(highlighted).to.not.include('Booking: Hotel name');
      expect(await asOfSection.getByText('Booking: Hotel name', { exact: true }).count()).to.equal(1);
      expect(await steps.getByRole('button', { name: /^Booking cancelled by the guest/ }).getAttribute('aria-current')).to.equal('step');
      await asOfSection.screenshot({ path: path.join(SHOTS, `audit-find-as-of-${width}.png`) });

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(width);
      expect(cspViolations).to.deep.equal([]);
      await context.close();
    });
  }
});
