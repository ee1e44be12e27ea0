/**
 * The occupancy and revenue charts through the built client (Chromium via playwright-core)
 * against the whole product with the demo data: the demo guest books two Deluxe Sea View
 * rooms at the Mumbai demo hotel for two nights; its owner sees, on /hotel-details, the
 * charts and the booking's nights and revenue in the figures by month and by night; an
 * auditor sees every demo city for the stay's month on /audit. Screenshots at 1280 px and
 * 390 px (prefix occupancy-); CSP violations none.
 */
import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { addDays, auditMessages, earliestCommencement, formatRupees, messages, occupancyMessages, quoteStay } from '@stays/contracts';
import { DEMO_PASSWORD, demoHotels } from '../../../standalone/src/demo/index.ts';
import { MIDNIGHT_MARGIN_MS, indiaDayClearOfMidnight } from '../../../standalone/test/support/india-day.ts';
import { dayName, monthName } from '../../src/features/occupancy/labels.ts';
import { SHOTS, launchChromium, recordCspViolations, shoot, urlMatches } from './support/browser.ts';
import { callApi, startE2eSystem, type E2eSystem } from './support/system.ts';
import { demoGuestBooks } from './support/demo-booking.ts';

const texts = occupancyMessages;
const ui = messages.ui;
const AUDITOR = { email: 'occupancy.e2e@example.com', password: 'auditor-password-1' };

describe('occupancy charts (e2e)', function () {
  this.timeout(180_000);
  let system: E2eSystem;
  let browser: Browser;
  const mumbai = demoHotels.find((hotel) => hotel.city === 'Mumbai')!;
  const seaView = mumbai.listings.find((listing) => listing.roomStandard === 'Deluxe Sea View')!;
  const firstNight = addDays(earliestCommencement(new Date()), 5);
  const nights = [firstNight, addDays(firstNight, 1)];
  // 2 rooms × 2 nights at the listing's price, less the instant discount, spread evenly over the nights
  const payable = quoteStay({ roomType: 'Room', pricePerNight: seaView.pricePerNight, numberOfGuests: 1, numberOfRooms: 2, numberOfNights: 2 }).payableAmount;
  const perNight = payable / 2;

  // the demo listings are added on the day the system starts, which the figures by month count from
  let today: string;

  before(async function () {
    this.timeout(180_000 + MIDNIGHT_MARGIN_MS);
    today = await indiaDayClearOfMidnight();
    [system, browser] = await Promise.all([
      startE2eSystem({ env: { BOOTSTRAP_AUDITOR_EMAIL: AUDITOR.email, BOOTSTRAP_AUDITOR_PASSWORD: AUDITOR.password } }),
      launchChromium(),
    ]);
    await mkdir(SHOTS, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    await system?.destroy();
  });

  const api = <T>(method: string, route: string, body?: unknown, token?: string) => callApi<T>(system, method, route, body, token);

  async function guestBooks(): Promise<void> {
    const hotel = (await api<{ _id: string; city: string }[]>('GET', '/hotel/data/get/all/hotels')).json.data.find((listed) => listed.city === 'Mumbai')!;
    await demoGuestBooks(system, {
      hotelID: hotel._id,
      roomType: 'Room',
      roomStandard: seaView.roomStandard,
      phone: '9845066666',
      numberOfRooms: 2,
      numberOfNights: 2,
      dateOfCommencement: firstNight,
    });
  }

  /** Days of a month (YYYY-MM) from today on: the demo listings were added today. */
  function daysFromToday(month: string): number {
    let days = 0;
    for (let day = `${month}-01`; day.startsWith(month); day = addDays(day, 1)) if (day >= today) days++;
    return days;
  }

  /** The cells of the table row headed `label` in the table captioned `caption`. */
  async function rowOf(page: Page, caption: string, label: string): Promise<string[]> {
    const row = page
      .getByRole('table', { name: caption })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
    await row.waitFor();
    return row.getByRole('cell').allInnerTexts();
  }

  it("an owner sees their hotel's occupancy and revenue; an auditor sees every city", async () => {
    await guestBooks();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: system.baseUrl });
    const cspViolations: string[] = [];
    await recordCspViolations(context, cspViolations);
    let page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));

    // The owner signs in and lands on /hotel-details, where the charts load below the profile.
    await page.goto('/login-hotel-owner');
    await page.getByLabel(ui.ownerEmailLabel, { exact: true }).fill(mumbai.owner.email);
    await page.getByLabel(ui.passwordLabel, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: ui.signIn }).click();
    await urlMatches(page, /\/hotel-details$/);
    await page.getByRole('heading', { name: texts.ownerTitle }).waitFor();
    await page.getByRole('img', { name: texts.byMonthTitle }).waitFor();
    await page.getByRole('img', { name: texts.nextDaysTitle(90) }).waitFor();

    // By month: the stay's nights in their months (2 rooms a night), unpaid; every listing's units from today.
    const units = mumbai.listings.reduce((sum, listing) => sum + listing.totalUnits, 0);
    for (const month of new Set(nights.map((night) => night.slice(0, 7)))) {
      const inMonth = nights.filter((night) => night.startsWith(month)).length;
      const [sold, available, , paid, unpaid] = await rowOf(page, texts.monthsTableCaption, monthName(month));
      expect(Number(sold)).to.equal(2 * inMonth);
      expect(Number(available)).to.equal(units * daysFromToday(month));
      expect([paid, unpaid]).to.deep.equal([formatRupees(0), formatRupees(perNight * inMonth)]);
    }
    // Night by night: the first night of the stay, 2 of the hotel's units sold.
    await page.getByText(texts.showTable).click();
    const [sold, available, rate, , unpaid] = await rowOf(page, texts.daysTableCaption, dayName(firstNight));
    expect([sold, available, rate, unpaid]).to.deep.equal(['2', String(units), texts.percent(Math.round((2 * 1000) / units) / 10), formatRupees(perNight)]);
    await shoot(page, 'occupancy-01-owner', (p) => p.getByRole('img', { name: texts.byMonthTitle }).waitFor());

    await context.close();

    // The auditor, in a browser of their own: every demo city for the stay's month, Mumbai with the stay.
    const auditorContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: system.baseUrl });
    await recordCspViolations(auditorContext, cspViolations);
    page = await auditorContext.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.goto('/login-auditor');
    await page.getByLabel(auditMessages.emailLabel, { exact: true }).fill(AUDITOR.email);
    await page.getByLabel(ui.passwordLabel, { exact: true }).fill(AUDITOR.password);
    await page.getByRole('button', { name: ui.signIn }).click();
    await urlMatches(page, /\/audit$/);
    await page.getByRole('heading', { name: texts.citiesTitle }).waitFor();
    await page.getByLabel(texts.monthLabel, { exact: true }).selectOption(firstNight.slice(0, 7));
    const caption = texts.citiesTableCaption(monthName(firstNight.slice(0, 7)));
    await page.getByRole('table', { name: caption }).waitFor();
    const cities = await page.getByRole('table', { name: caption }).getByRole('rowheader').allInnerTexts();
    expect(cities).to.deep.equal([...new Set(demoHotels.map((hotel) => hotel.city))].sort((a, b) => a.localeCompare(b, 'en')));
    const inMonth = nights.filter((night) => night.startsWith(firstNight.slice(0, 7))).length;
    const [mumbaiSold, , , , mumbaiUnpaid] = await rowOf(page, caption, 'Mumbai');
    expect([mumbaiSold, mumbaiUnpaid]).to.deep.equal([String(2 * inMonth), formatRupees(perNight * inMonth)]);
    await page.getByRole('img', { name: `${texts.citiesTitle}, ${monthName(firstNight.slice(0, 7))}` }).waitFor();
    await shoot(page, 'occupancy-02-auditor', (p) => p.getByRole('heading', { name: texts.citiesTitle }).waitFor());

    expect(cspViolations).to.deep.equal([]);
    await auditorContext.close();
  });
});
