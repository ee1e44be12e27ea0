/**
 * The occupancy and revenue charts through the built client (Chromium via playwright-core)
 * against the whole product with the demo data: the demo guest books two Deluxe Sea View
 * rooms at the Mumbai demo hotel for two nights at the start of next month; its owner sees,
 * on /hotel-details, the charts and the booking's nights and revenue in the figures by
 * month and by night; an auditor's /audit opens on that month (the current one has no
 * bookings) and says so, with every demo city. At 1280 px and 390 px, measured in the
 * browser: chart and legend text at least 12 px as drawn, no two chart texts overlapping,
 * every table column reachable in its scrolling box and no header cut. Screenshots at both
 * widths (prefix occupancy-); CSP violations none.
 */
import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { addDays, auditMessages, earliestCommencement, formatRupees, indiaToday, messages, occupancyMessages, quoteStay } from '@stays/contracts';
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
  // the first of next month (or the first bookable night, if later): the current month keeps no bookings
  const firstOfNextMonth = new Date(Date.UTC(Number(indiaToday(new Date()).slice(0, 4)), Number(indiaToday(new Date()).slice(5, 7)), 1))
    .toISOString()
    .slice(0, 10);
  const firstNight = [firstOfNextMonth, earliestCommencement(new Date())].sort().at(-1)!;
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

  /**
   * What a person would trip over in the page's charts and tables, measured as drawn: text
   * under 12 px (its font size times the SVG's scale on screen), chart texts whose boxes
   * overlap, headers cut, columns that cannot be scrolled into view.
   */
  async function unreadable(page: Page): Promise<{ texts: number; headers: number; problems: string[] }> {
    return page.evaluate(() => {
      const problems: string[] = [];
      let texts = 0;
      let headers = 0;
      // (no named functions in here: the test's transpiler would wrap them in a helper the page lacks)
      for (const svg of document.querySelectorAll<SVGSVGElement>('.occupancy-chart svg')) {
        const scale = svg.getScreenCTM()?.a ?? 1;
        const boxes: [string, DOMRect][] = [];
        for (const text of svg.querySelectorAll('text')) {
          if (text.textContent === '') continue;
          texts++;
          const drawn = parseFloat(getComputedStyle(text).fontSize) * scale;
          if (drawn < 12) problems.push(`${svg.getAttribute('aria-label')}: '${text.textContent}' drawn at ${drawn.toFixed(1)} px`);
          boxes.push([text.textContent ?? '', text.getBoundingClientRect()]);
        }
        boxes.forEach(([name, box], index) => {
          for (const [other, otherBox] of boxes.slice(index + 1))
            if (box.left < otherBox.right - 0.5 && otherBox.left < box.right - 0.5 && box.top < otherBox.bottom - 0.5 && otherBox.top < box.bottom - 0.5)
              problems.push(`${svg.getAttribute('aria-label')}: '${name}' overlaps '${other}'`);
        });
        const svgBox = svg.getBoundingClientRect();
        for (const [name, box] of boxes)
          if (box.left < svgBox.left - 0.5 || box.right > svgBox.right + 0.5)
            problems.push(`${svg.getAttribute('aria-label')}: '${name}' runs outside the chart`);
      }
      for (const key of document.querySelectorAll('.occupancy-legend span')) {
        const size = parseFloat(getComputedStyle(key).fontSize);
        if (size < 12) problems.push(`legend '${key.textContent}' at ${size} px`);
      }
      for (const scroller of document.querySelectorAll<HTMLElement>('.occupancy-table-scroll')) {
        if (scroller.offsetParent === null) continue; // in a closed <details>
        const area = scroller.getBoundingClientRect();
        if (area.right > document.documentElement.clientWidth + 0.5) problems.push(`table '${scroller.getAttribute('aria-label')}' is wider than the page`);
        // a box scrolled by a script may still not scroll for a person: it must scroll by itself, and say so
        if (scroller.scrollWidth > scroller.clientWidth + 1) {
          if (!['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX))
            problems.push(`table '${scroller.getAttribute('aria-label')}' does not scroll`);
          if (!scroller.parentElement?.querySelector('.occupancy-scroll-hint'))
            problems.push(`table '${scroller.getAttribute('aria-label')}' gives no hint of more columns`);
        }
        for (const header of scroller.querySelectorAll<HTMLElement>('thead th')) {
          headers++;
          if (header.scrollWidth > header.clientWidth) problems.push(`header '${header.textContent}' is cut`);
          header.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          const box = header.getBoundingClientRect();
          if (box.left < area.left - 0.5 || box.right > area.right + 0.5) problems.push(`column '${header.textContent}' cannot be scrolled into view`);
        }
        scroller.scrollLeft = 0;
      }
      return { texts, headers, problems };
    });
  }

  /** The same page at 390 px in a new tab of the context, with `ready` waited for. */
  async function narrow(page: Page, ready: (narrowPage: Page) => Promise<unknown>): Promise<Page> {
    const phone = await page.context().newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(page.url());
    await ready(phone);
    return phone;
  }

  /** The text boxes of a chart's labels: the narrow chart's period labels and city names. */
  async function chartHasLabels(page: Page, name: string, labels: readonly string[]): Promise<void> {
    const shown = await page.getByRole('img', { name }).locator('text').allTextContents();
    for (const label of labels) expect(shown, `${name} at ${page.viewportSize()?.width} px`).to.include(label);
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
    // The figures say what they count: unit-nights over a month, units on one night.
    expect(await page.getByRole('table', { name: texts.monthsTableCaption }).getByRole('columnheader').allInnerTexts()).to.deep.equal([
      texts.monthLabel,
      texts.nightsSoldLabel,
      texts.unitsAvailableLabel,
      texts.occupancyLabel,
      texts.revenuePaidLabel,
      texts.revenueUnpaidLabel,
    ]);
    expect(texts.nightsSoldLabel).to.match(/unit-nights/i);
    await page.getByText(texts.unitNightsNote).waitFor();
    const wide = await unreadable(page);
    expect(wide.problems.slice(0, 12).join('\n'), 'owner at 1280 px').to.equal('');
    expect(wide.texts).to.be.above(20);
    expect(wide.headers).to.equal(12);
    const ownerPhone = await narrow(page, async (phone) => {
      await phone.getByRole('img', { name: texts.byMonthTitle }).waitFor();
      await phone.getByText(texts.showTable).click();
      await phone.getByRole('table', { name: texts.daysTableCaption }).waitFor();
    });
    const onPhone = await unreadable(ownerPhone);
    expect(onPhone.problems.slice(0, 12).join('\n'), 'owner at 390 px').to.equal('');
    expect(onPhone.headers).to.equal(12);
    await ownerPhone.getByText(texts.tableScrollHint).first().waitFor();
    await ownerPhone.locator('.occupancy').screenshot({ path: path.join(SHOTS, 'occupancy-03-owner-charts-390.png') });
    await ownerPhone.close();
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
    // The current month has no nights sold: the view opens on the stay's month, and says so.
    const caption = texts.citiesTableCaption(monthName(firstNight.slice(0, 7)));
    await page.getByRole('table', { name: caption }).waitFor();
    expect(await page.getByLabel(texts.monthLabel, { exact: true }).inputValue()).to.equal(firstNight.slice(0, 7));
    await page.getByText(texts.openedOnNext(firstNight.slice(0, 7))).waitFor();
    const cities = await page.getByRole('table', { name: caption }).getByRole('rowheader').allInnerTexts();
    expect(cities).to.deep.equal([...new Set(demoHotels.map((hotel) => hotel.city))].sort((a, b) => a.localeCompare(b, 'en')));
    const inMonth = nights.filter((night) => night.startsWith(firstNight.slice(0, 7))).length;
    const [mumbaiSold, , , , mumbaiUnpaid] = await rowOf(page, caption, 'Mumbai');
    expect([mumbaiSold, mumbaiUnpaid]).to.deep.equal([String(2 * inMonth), formatRupees(perNight * inMonth)]);
    const chartName = `${texts.citiesTitle}, ${monthName(firstNight.slice(0, 7))}`;
    await page.getByRole('img', { name: chartName }).waitFor();
    await chartHasLabels(page, chartName, cities);
    const auditorWide = await unreadable(page);
    expect(auditorWide.problems.slice(0, 12).join('\n'), 'auditor at 1280 px').to.equal('');
    expect(auditorWide.texts).to.be.above(cities.length);
    expect(auditorWide.headers).to.equal(6);
    const auditorPhone = await narrow(page, (phone) => phone.getByRole('img', { name: chartName }).waitFor());
    await chartHasLabels(auditorPhone, chartName, cities);
    const auditorOnPhone = await unreadable(auditorPhone);
    expect(auditorOnPhone.problems.slice(0, 12).join('\n'), 'auditor at 390 px').to.equal('');
    expect(auditorOnPhone.headers).to.equal(6);
    await auditorPhone.locator('.occupancy').screenshot({ path: path.join(SHOTS, 'occupancy-04-auditor-charts-390.png') });
    await auditorPhone.close();
    await shoot(page, 'occupancy-02-auditor', (p) => p.getByRole('img', { name: chartName }).waitFor());

    expect(cspViolations).to.deep.equal([]);
    await auditorContext.close();
  });
});
