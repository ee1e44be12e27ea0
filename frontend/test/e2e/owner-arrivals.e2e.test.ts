/**
 * The owner's arrivals view in Chromium, at 1280 and 390 px: a demo hotel's bookings
 * (placed, paid and cancelled through the API) sorted by check-in, filtered by phase and
 * payment, found by booking ID or guest name; the filter stays in the address; a day later
 * (the browser's clock moved on) the first stay is arriving.
 */
import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { addDays, earliestCommencement, messages, type RoomType } from '@stays/contracts';
import { DEMO_PASSWORD, demoGuest } from '../../../standalone/src/demo/index.ts';
import { SHOTS, launchChromium, shoot, urlMatches } from './support/browser.ts';
import { demoGuestBooks } from './support/demo-booking.ts';
import { callApi, startE2eSystem, type E2eSystem } from './support/system.ts';

const ui = messages.ui;
const t = ui.arrivals;
const DAY_MS = 86_400_000;

describe('owner arrivals view (e2e)', function () {
  this.timeout(120_000);
  let system: E2eSystem;
  let browser: Browser;
  let hotelID: string;
  const booked: Record<'tomorrow' | 'later' | 'paid' | 'cancelled', string> = { tomorrow: '', later: '', paid: '', cancelled: '' };

  before(async () => {
    [system, browser] = await Promise.all([startE2eSystem(), launchChromium()]);
    await mkdir(SHOTS, { recursive: true });
    const api = <T>(method: string, route: string, body?: unknown, token?: string) => callApi<T>(system, method, route, body, token);
    const owner = (await api<{ accessToken: string }>('POST', '/hotel/owner/login', { email: 'owner1@stays.demo', password: DEMO_PASSWORD })).json.data
      .accessToken;
    hotelID = (await api<string>('GET', '/hotel/owner/get/hotel/id', undefined, owner)).json.data;
    const room = (await api<{ roomType: RoomType; roomStandard: string }[]>('GET', `/hotel/room/get/all/rooms/${hotelID}`)).json.data[0]!;
    const stay = (daysAhead: number, phone: string) => ({
      hotelID,
      roomType: room.roomType,
      roomStandard: room.roomStandard,
      phone,
      numberOfRooms: 1,
      numberOfNights: 2,
      dateOfCommencement: addDays(earliestCommencement(new Date()), daysAhead),
    });
    booked.later = await demoGuestBooks(system, stay(20, '9845011111'));
    booked.tomorrow = await demoGuestBooks(system, stay(0, '9845022222'));
    booked.paid = await demoGuestBooks(system, stay(5, '9845033333'));
    booked.cancelled = await demoGuestBooks(system, stay(9, '9845044444'));
    expect((await api('POST', `/hotel/owner/booking/paid/${booked.paid}`, {}, owner)).json.success).to.equal(true);
    const guest = (await api<{ accessToken: string }>('POST', '/user/login', { email: demoGuest.email, password: DEMO_PASSWORD })).json.data.accessToken;
    expect((await api('POST', `/hotel/booking/cancel/${booked.cancelled}`, {}, guest)).json.success).to.equal(true);
  });

  after(async () => {
    await browser?.close();
    await system?.destroy();
  });

  const signedInOwner = async (width: number): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: system.baseUrl });
    const page = await context.newPage();
    await page.goto('/login-hotel-owner');
    await page.getByLabel(ui.ownerEmailLabel).fill('owner1@stays.demo');
    await page.getByLabel(ui.passwordLabel).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: ui.signIn }).click();
    await urlMatches(page, /\/hotel-details$/);
    return page;
  };
  const cardIds = async (page: Page) => await page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
  const phase = (page: Page, label: string, count: number) => page.getByRole('button', { name: t.withCount(label, count), exact: true });

  it('sorts by check-in, filters by phase and payment, finds by booking ID, and keeps the filter in the address', async () => {
    const page = await signedInOwner(1280);
    await page.goto(`/hotel-owner-bookings/${hotelID}`);
    await page.getByRole('article').first().waitFor();
    expect(await cardIds(page)).to.deep.equal([booked.tomorrow, booked.paid, booked.cancelled, booked.later]);
    await page.getByText(t.showing(4, 4)).waitFor();
    await shoot(page, 'owner-10-arrivals', (p) => p.getByRole('article').first().waitFor());

    await phase(page, t.phases.upcoming, 3).click();
    await page.getByText(t.showing(3, 4)).waitFor();
    expect(await cardIds(page)).to.deep.equal([booked.tomorrow, booked.paid, booked.later]);
    await page.getByLabel(t.paymentLabel).selectOption('unpaid');
    await page.getByText(t.showing(2, 4)).waitFor();
    expect(await cardIds(page)).to.deep.equal([booked.tomorrow, booked.later]);
    await urlMatches(page, /\?show=upcoming&payment=unpaid$/);
    await page.reload();
    await page.getByText(t.showing(2, 4)).waitFor();
    expect(await phase(page, t.phases.upcoming, 3).getAttribute('aria-pressed')).to.equal('true');

    await phase(page, t.phases.cancelled, 1).click();
    await page.getByText(t.showing(1, 4)).waitFor();
    await page.getByLabel(t.paymentLabel).selectOption('paid');
    await page.getByText(t.noneMatch).waitFor();
    await page.getByLabel(t.paymentLabel).selectOption('any');
    await page.getByText(t.showing(1, 4)).waitFor();
    expect(await cardIds(page)).to.deep.equal([booked.cancelled]);
    // a cancelled booking says Cancelled, never Upcoming, and what cancelling cost (free under the terms before policies)
    expect(await page.getByRole('article').getByText(ui.upcoming, { exact: true }).count()).to.equal(0);
    expect(await page.getByRole('article').getByTestId('cancellation-charge').textContent()).to.equal(messages.cancellationPolicy.noCharge);

    await phase(page, t.all, 4).click();
    // typed key by key right after the click, as an owner would: no key may undo the click or the key before it
    await page.getByLabel(t.searchLabel).pressSequentially(booked.later.slice(-6).toLowerCase());
    await page.getByText(t.showing(1, 4)).waitFor();
    expect(await cardIds(page)).to.deep.equal([booked.later]);
    await page.getByLabel(t.searchLabel).fill(demoGuest.name.split(' ')[0]!);
    await page.getByText(t.showing(4, 4)).waitFor();
    await page.context().close();
  });

  it('on a 390 px phone, a day later, shows the first stay arriving today', async () => {
    const page = await signedInOwner(390);
    await page.clock.setFixedTime(new Date(Date.now() + DAY_MS));
    await page.goto(`/hotel-owner-bookings/${hotelID}?show=arriving-today`);
    await page.getByRole('article').first().waitFor();
    expect(await cardIds(page)).to.deep.equal([booked.tomorrow]);
    // the card says Arriving today, not the spec's Completed
    await page.getByRole('article').getByText(t.phases['arriving-today'], { exact: true }).waitFor();
    expect(await page.getByRole('article').getByText(ui.completed, { exact: true }).count()).to.equal(0);
    // every control is within the phone's width
    for (const control of [phase(page, t.phases.cancelled, 1), page.getByLabel(t.searchLabel), page.getByLabel(t.paymentLabel)]) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width, 'inside 390 px').to.be.at.most(390);
    }
    await page.screenshot({ path: `${SHOTS}/owner-11-arriving-today-390.png`, fullPage: true });
    await page.context().close();
  });
});
