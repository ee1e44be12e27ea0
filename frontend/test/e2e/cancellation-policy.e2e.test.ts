/**
 * A hotel's cancellation policy in the browser: the owner sets it on the update hotel page
 * (plain messages on bad values); a guest reads it on the hotel page and, for the chosen
 * stay, on the booking page; the cancel dialog says what cancelling now costs, and the
 * cancelled booking shows its charge and offers its invoice only when there is one.
 * At 1280 px and 390 px; screenshots go to frontend/test-results/screenshots/.
 */
import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import {
  addDays,
  describePolicy,
  describePolicyForBooking,
  earliestCommencement,
  formatRupees,
  messages,
  quoteStay,
  type CancellationPolicy,
  type RoomType,
} from '@stays/contracts';
import { SHOTS, launchChromium, shoot, urlMatches } from './support/browser.ts';
import { API, callApi, startE2eSystem, type E2eSystem } from './support/system.ts';
import { demoGuestBooks } from './support/demo-booking.ts';
import { DEMO_PASSWORD, demoGuest } from '../../../standalone/src/demo/index.ts';

const ui = messages.ui;
const texts = messages.cancellationPolicy;
const WIDTHS = [1280, 390] as const;

describe('cancellation policy (e2e)', function () {
  this.timeout(120_000);
  let system: E2eSystem;
  let browser: Browser;
  let hotelID: string;
  let room: { roomType: RoomType; roomStandard: string; pricePerNight: number };
  /** Free until 3 days before check-in, then half the stay: a stay starting in 2 days is already in the late period. */
  const policy: CancellationPolicy = { freeUntilDaysBefore: 3, lateCharge: { kind: 'percentage', percent: 50 } };

  before(async () => {
    system = await startE2eSystem();
    browser = await launchChromium();
    await mkdir(SHOTS, { recursive: true });
    const owner = (await callApi<{ accessToken: string }>(system, 'POST', '/hotel/owner/login', { email: 'owner1@stays.demo', password: DEMO_PASSWORD })).json
      .data.accessToken;
    hotelID = (await callApi<string>(system, 'GET', '/hotel/owner/get/hotel/id', undefined, owner)).json.data;
    room = (await callApi<(typeof room)[]>(system, 'GET', `/hotel/room/get/all/rooms/${hotelID}`)).json.data.find((r) => r.roomType === 'Room')!;
  });

  after(async () => {
    await browser?.close();
    await system?.destroy();
  });

  const newPage = async (width: number) => (await browser.newContext({ viewport: { width, height: 900 }, baseURL: system.baseUrl })).newPage();
  const hotelPolicy = async () => (await (await fetch(`${system.baseUrl}${API}/hotel/data/get/specific/${hotelID}`)).json()).data.cancellationPolicy;

  async function signIn(page: Page, path: string, email: string): Promise<void> {
    await page.goto(path);
    await page.getByLabel(ui.emailLabel).fill(email);
    await page.getByLabel(ui.passwordLabel).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: ui.signIn }).click();
    // signed in: the page leaves the sign-in form (a guest lands on home, an owner on their hotel)
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  }

  it('the owner sets the policy on the update hotel page, told plainly what is wrong with a bad value', async () => {
    const page = await newPage(1280);
    await signIn(page, '/login-hotel-owner', 'owner1@stays.demo');
    await page.goto(`/update-hotel/${hotelID}`);
    const section = page.getByRole('region', { name: texts.heading });
    await section.getByText(describePolicy({ freeUntilDaysBefore: 1, lateCharge: { kind: 'first-night' } })).waitFor();
    const save = section.getByRole('button', { name: texts.saveButton });

    await section.getByLabel(texts.freeUntilLabel).fill('0');
    await save.click();
    await section.getByText(texts.badDays(1, 60)).waitFor();
    await section.getByLabel(texts.freeUntilLabel).fill('3');
    await section.getByText(texts.percentageOption).click();
    await save.click();
    await section.getByText(texts.badPercent(1, 100)).waitFor();
    await section.getByLabel(texts.percentLabel).fill('50');
    await save.click();
    await section.getByText(texts.saved).waitFor();
    await section.getByText(describePolicy(policy)).waitFor();
    expect(await hotelPolicy()).to.deep.equal(policy);
    await section.scrollIntoViewIfNeeded();
    await shoot(page, '30-owner-cancellation-policy', (narrow) => narrow.getByRole('region', { name: texts.heading }).waitFor());
    await page.context().close();
  });

  for (const [n, width] of WIDTHS.entries()) {
    it(`a guest reads the policy on the hotel and booking pages and sees what cancelling costs before confirming (${width} px)`, async () => {
      expect(await hotelPolicy(), 'set by the test before').to.deep.equal(policy);
      const stay = (daysAfterEarliest: number, phone: string) => ({
        hotelID,
        roomType: room.roomType,
        roomStandard: room.roomStandard,
        phone,
        numberOfRooms: 1,
        numberOfNights: 1,
        dateOfCommencement: addDays(earliestCommencement(new Date()), daysAfterEarliest),
      });
      // the late one starts in 2 days (inside the 3 days), the early one in 11
      const late = await demoGuestBooks(system, stay(1, `984${n}0${width}11`.slice(0, 10)));
      const early = await demoGuestBooks(system, stay(10, `985${n}0${width}22`.slice(0, 10)));
      const payable = quoteStay({
        roomType: room.roomType,
        pricePerNight: room.pricePerNight,
        numberOfGuests: 1,
        numberOfRooms: 1,
        numberOfNights: 1,
      }).payableAmount;
      const charge = Math.round(payable / 2);

      const page = await newPage(width);
      await signIn(page, '/login-user', demoGuest.email);

      await page.goto(`/view-hotel/${hotelID}`);
      const onHotel = page.getByRole('region', { name: texts.heading });
      await onHotel.getByText(describePolicy(policy)).waitFor();
      await onHotel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/31-hotel-cancellation-policy-${width}.png`, fullPage: false });

      const checkIn = addDays(earliestCommencement(new Date()), 20);
      await page.goto(`/book-hotel/${hotelID}?checkIn=${checkIn}&nights=2&rooms=1&guests=1`);
      await page.getByLabel(ui.roomTypeLabel).selectOption(room.roomType);
      await page.getByLabel(ui.roomStandardLabel).selectOption({ index: 1 });
      const stayPayable = quoteStay({
        roomType: room.roomType,
        pricePerNight: room.pricePerNight,
        numberOfGuests: 1,
        numberOfRooms: 1,
        numberOfNights: 2,
      }).payableAmount;
      const onBooking = page.getByRole('region', { name: texts.heading });
      await onBooking.getByText(describePolicyForBooking(policy, { dateOfCommencement: checkIn, numberOfNights: 2, payableAmount: stayPayable })).waitFor();
      await onBooking.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/32-booking-cancellation-policy-${width}.png`, fullPage: false });

      await page.goto('/profile');
      await page.getByRole('link', { name: ui.yourBookings, exact: true }).click();
      await urlMatches(page, /\/user\/bookings\//);
      const open = async (bookingID: string) => {
        await page.getByRole('button', { name: bookingID }).first().click();
        await page.getByRole('button', { name: ui.backToList }).waitFor();
      };

      await open(late);
      await page.getByRole('button', { name: ui.cancelBooking }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText(texts.cancelCostsNow(formatRupees(charge))).waitFor();
      await page.waitForTimeout(400); // the dialog's fade-in, for the screenshot only
      await page.screenshot({ path: `${SHOTS}/33-cancel-dialog-charge-${width}.png` });
      await dialog.getByRole('button', { name: ui.cancelBooking }).click();
      const lateDetail = page.locator('dl').filter({ hasText: texts.chargeLabel });
      await lateDetail.getByText(formatRupees(charge), { exact: true }).waitFor();
      await page.getByRole('link', { name: ui.downloadInvoice }).waitFor();
      await page.getByRole('button', { name: ui.backToList }).click();

      await open(early);
      await page.getByRole('button', { name: ui.cancelBooking }).click();
      await dialog.getByText(texts.cancelFreeNow).waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/34-cancel-dialog-free-${width}.png` });
      await dialog.getByRole('button', { name: ui.cancelBooking }).click();
      await page.locator('dl').filter({ hasText: texts.chargeLabel }).getByText(texts.noCharge).waitFor();
      await page.getByText(ui.noInvoiceCancelled).waitFor();
      expect(await page.getByRole('link', { name: ui.downloadInvoice }).count()).to.equal(0);
      await page.context().close();
    });
  }
});
