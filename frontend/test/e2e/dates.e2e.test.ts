/**
 * Stays by dates (issue #27) through the built client (Chromium) against the whole product
 * on a fresh DATA_DIR with the demo data, plus one hotel made here whose only listing is an
 * apartment with two units (so one booking leaves 'Only 1 left' and two sell it out).
 * Selectors are labels, roles and texts a person sees; screenshots at 1280 and 390 px go to
 * frontend/test-results/screenshots/ (dates-*).
 */
import { expect } from 'chai';
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { format } from 'date-fns';
import enIN from 'date-fns/locale/en-IN';
import {
  addDays,
  checkOutOf,
  earliestCommencement,
  formatRupees,
  messages,
  quoteStay,
  roomName,
  type HotelAvailability,
  type ListingAvailability,
} from '@stays/contracts';
import { generateDemoImage } from '@stays/service-kit';
import { SHOTS, launchChromium, otpFromOutbox, shoot, urlMatches } from './support/browser.ts';
import { callApi, startE2eSystem, type E2eSystem } from './support/system.ts';
import { demoGuestBooks } from './support/demo-booking.ts';
import { DEMO_PASSWORD, demoHotels, hotelFields } from '../../../standalone/src/demo/index.ts';

const ui = messages.ui;
const WIDTHS = [1280, 390] as const;

const CITY = 'Shimla';
const HOTEL_NAME = 'Deodar Ridge Residency';
const LISTING = { roomType: 'Flat' as const, roomStandard: 'Ridge Cottage', pricePerNight: 6000, maxGuests: 4 };
const LISTING_NAME = roomName(LISTING.roomStandard, LISTING.roomType);

/** A day on the calendar: the month's grid (named by its caption, 'December 2026') and the day's number in it. */
const monthOf = (iso: string) => format(new Date(`${iso}T00:00:00`), 'MMMM yyyy', { locale: enIN });
const dayOf = (iso: string) => String(Number(iso.slice(8, 10)));

describe('stays by dates (e2e)', function () {
  this.timeout(180_000);
  let system: E2eSystem;
  let browser: Browser;
  let hotelID: string;
  let ownerToken: string;
  const ownerEmail = `kavya.${Date.now()}@example.com`;
  const guest = { email: `dev.${Date.now()}@example.com`, password: 'dev-password-1', name: 'Dev Malhotra' };
  const earliest = earliestCommencement(new Date());
  let phones = 0;
  /** Books one unit of the listing for the stay through the API as the demo guest (each time from another phone). */
  const bookAway = (checkIn: string, nights: number) => {
    phones += 1;
    return demoGuestBooks(system, {
      hotelID,
      roomType: LISTING.roomType,
      roomStandard: LISTING.roomStandard,
      phone: `98460${String(phones).padStart(2, '0')}555`,
      numberOfRooms: 1,
      numberOfNights: nights,
      dateOfCommencement: checkIn,
    });
  };
  const availability = async (checkIn: string, nights: number) =>
    (await callApi<ListingAvailability[]>(system, 'GET', `/hotel/room/availability/${hotelID}?checkIn=${checkIn}&nights=${nights}`)).json.data[0]!;

  before(async function () {
    system = await startE2eSystem();
    browser = await launchChromium();
    await mkdir(SHOTS, { recursive: true });
    const api = <T>(method: string, route: string, body?: unknown, token?: string) => callApi<T>(system, method, route, body, token);

    // An owner with one hotel whose only listing is a two-unit apartment sleeping 4.
    const owner = { name: 'Kavya Thakur', email: ownerEmail, password: DEMO_PASSWORD };
    expect((await api('POST', '/hotel/owner/register', owner)).json.success).to.equal(true);
    ownerToken = (await api<{ accessToken: string }>('POST', '/hotel/owner/login', { email: owner.email, password: owner.password })).json.data.accessToken;
    const hotelForm = new FormData();
    const fields = {
      ...hotelFields(demoHotels[0]!),
      hotelName: HOTEL_NAME,
      address: '12 Mall Road, The Ridge, Shimla',
      city: CITY,
      state: 'Himachal Pradesh',
      pinCode: '171001',
      phoneNumber: '9816012345',
      startingPrice: '6000',
    };
    for (const [key, value] of Object.entries(fields)) hotelForm.append(key, value);
    for (let i = 0; i < 5; i++) {
      hotelForm.append(
        'imageURLs',
        new Blob([new Uint8Array(await generateDemoImage({ width: 480, height: 320, seed: 7100 + i, label: `${HOTEL_NAME} ${i + 1}` }))], {
          type: 'image/png',
        }),
        `ridge-${i + 1}.png`,
      );
    }
    const created = await api<{ _id: string }>('POST', '/hotel/data/create/hotel', hotelForm, ownerToken);
    expect(created.json.success, created.json.message).to.equal(true);
    hotelID = created.json.data._id;
    const roomForm = new FormData();
    for (const [key, value] of Object.entries({
      hotelID,
      roomType: LISTING.roomType,
      roomStandard: LISTING.roomStandard,
      size: '70',
      bedType: 'Queen',
      amenities: 'Free WiFi TV',
      pricePerNight: String(LISTING.pricePerNight),
      numberOfRooms: '2',
      hasKitchen: 'true',
      furnished: 'true',
      totalUnits: '2',
      maxGuests: String(LISTING.maxGuests),
    }))
      roomForm.append(key, value);
    roomForm.append(
      'imageURLs',
      new Blob([new Uint8Array(await generateDemoImage({ width: 480, height: 360, seed: 7200, label: LISTING_NAME }))], { type: 'image/png' }),
      'cottage.png',
    );
    const room = await api('POST', '/hotel/room/create/room', roomForm, ownerToken);
    expect(room.json.success, room.json.message).to.equal(true);

    // The first guest, who books in the browser.
    const signup = new FormData();
    for (const [key, value] of Object.entries({ username: 'dev', name: guest.name, email: guest.email, password: guest.password })) signup.append(key, value);
    signup.append(
      'profileImage',
      new Blob([new Uint8Array(await generateDemoImage({ width: 120, height: 120, seed: 11, label: 'Dev' }))], { type: 'image/png' }),
      'dev.png',
    );
    expect((await api('POST', '/user/register', signup)).status).to.be.below(300);
  });

  after(async () => {
    await browser?.close();
    await system?.destroy();
  });

  async function signedInPage(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: system.baseUrl });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.goto('/login-user');
    await page.getByLabel(ui.emailLabel).fill(guest.email);
    await page.getByLabel(ui.passwordLabel).fill(guest.password);
    await page.getByRole('button', { name: ui.signIn }).click();
    await urlMatches(page, /^[^?#]+:\d+\/$/);
    return page;
  }

  /**
   * Picks check-in and check-out on the date range's calendar (moving on a month when the day
   * is not shown) as a person does: a day only while the picker is open (Blueprint ignores
   * picks once it is closing, while its calendar still shows), the check-out once the check-in
   * input shows the day picked, and the check-in day clicked again when it does not (on a
   * machine loaded by CPU-burning processes the picker let one click in a few runs go:
   * clicked on at once, the check-out day became the check-in).
   */
  async function pickDates(page: Page, checkIn: string, checkOut: string): Promise<void> {
    await page.getByRole('textbox', { name: ui.checkInDate }).first().click();
    // expanded while the picker takes picks
    const open = page.locator(`[role="group"][aria-label="${ui.stayDatesGroup}"][aria-expanded="true"]`);
    const calendar = page.locator('.bp6-daterangepicker');
    await open.waitFor();
    await calendar.waitFor();
    const pick = async (day: string) => {
      const month = calendar.getByRole('grid', { name: monthOf(day) });
      for (let turns = 0; turns < 3 && !(await month.isVisible()); turns++) await calendar.getByRole('button', { name: /next month/i }).click();
      await open.waitFor();
      await month.getByRole('gridcell', { name: dayOf(day), exact: true }).click();
    };
    const checkInShown = () =>
      page.waitForFunction(
        // 'Fri, 11 Dec 2026': the day after the weekday, the year at the end
        ({ label, day, year }) =>
          [...document.querySelectorAll<HTMLInputElement>(`input[aria-label="${label}"]`)].some(
            (input) => input.value.includes(`, ${day} `) && input.value.endsWith(year),
          ),
        { label: ui.checkInDate, day: dayOf(checkIn), year: checkIn.slice(0, 4) },
        { timeout: 10_000 },
      );
    await pick(checkIn);
    await checkInShown().catch(async () => {
      await pick(checkIn);
      await checkInShown();
    });
    await pick(checkOut);
    await calendar.waitFor({ state: 'hidden' });
  }

  const noHorizontalOverflow = async (page: Page, width: number) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no horizontal overflow at ${width} px`).to.be.at.most(width);

  for (const [index, width] of WIDTHS.entries()) {
    it(`at ${width} px a guest picks dates on the hotel page and sees 'Only 1 left'; once another guest books it, a refresh says sold out and offers another date`, async () => {
      const checkIn = addDays(earliest, 6 + 6 * index);
      const checkOut = addDays(checkIn, 2);
      await bookAway(checkIn, 2); // one of the two units

      const page = await signedInPage(width);
      await page.goto(`/hotel/${hotelID}`);
      await page.getByRole('heading', { name: ui.chooseYourRoom }).waitFor();
      await pickDates(page, checkIn, checkOut);
      await urlMatches(page, new RegExp(`checkIn=${checkIn}&checkOut=${checkOut}&rooms=1&guests=1`));
      await page.getByText(ui.nightsCount(2)).first().waitFor();
      const card = page.getByRole('article', { name: LISTING_NAME });
      await card.getByText(ui.availableForDates).waitFor();
      await card.getByText(ui.onlyLeft(1), { exact: true }).waitFor();
      const wholeStay = quoteStay({ roomType: 'Flat', pricePerNight: LISTING.pricePerNight, numberOfGuests: 1, numberOfNights: 2, numberOfRooms: 1 });
      await card.getByText(ui.stayPrice(formatRupees(wholeStay.payableAmount), 2), { exact: true }).waitFor();
      expect(await card.getByRole('button', { name: ui.selectRoom, exact: true }).isEnabled()).to.equal(true);
      await noHorizontalOverflow(page, width);
      await page.screenshot({ path: path.join(SHOTS, `dates-01-hotel-only-1-left-${width}.png`), fullPage: true });

      // The calendar is usable at this width: open, inside the viewport.
      await page.getByRole('textbox', { name: ui.checkOutDate }).first().click();
      const calendar = page.locator('.bp6-daterangepicker');
      await calendar.waitFor();
      const box = (await calendar.boundingBox())!;
      expect(box.x).to.be.at.least(0);
      expect(box.x + box.width, 'the calendar fits the screen').to.be.at.most(width);
      await page.screenshot({ path: path.join(SHOTS, `dates-02-hotel-calendar-${width}.png`) });
      await page.keyboard.press('Escape');
      await calendar.waitFor({ state: 'hidden' });

      // Another guest takes the last unit; after a refresh the card says sold out and offers the nearest check-in.
      await bookAway(checkIn, 2);
      await page.reload();
      await card.getByText(ui.soldOutForDates).waitFor();
      expect(await card.getByRole('button', { name: ui.selectRoom, exact: true }).isDisabled()).to.equal(true);
      const nearest = addDays(checkIn, 2);
      expect((await availability(checkIn, 2)).nearestCheckIn).to.equal(nearest);
      await card.getByText(ui.freeFrom(nearest)).waitFor();
      await noHorizontalOverflow(page, width);
      await page.screenshot({ path: path.join(SHOTS, `dates-03-hotel-sold-out-${width}.png`), fullPage: true });
      await card.getByRole('button', { name: ui.moveStayTo(nearest) }).click();
      await urlMatches(page, new RegExp(`checkIn=${nearest}&checkOut=${addDays(nearest, 2)}`));
      await card.getByText(ui.availableForDates).waitFor();
      expect(await card.getByRole('button', { name: ui.selectRoom, exact: true }).isEnabled()).to.equal(true);

      // The booking link carries the stay; the booking page shows the check-out.
      const link =
        width >= 468
          ? page.getByRole('link', { name: ui.bookThisHotel })
          : page.getByRole('region', { name: ui.bookBarLabel }).getByRole('link', { name: ui.bookThisHotel });
      expect(await link.getAttribute('href')).to.equal(`/book-hotel/${hotelID}?checkIn=${nearest}&checkOut=${addDays(nearest, 2)}&rooms=1&guests=1`);
      await page.context().close();
    });
  }

  it('the booking page checks availability before the OTP step (sold out, too many guests), and a 409 at the end offers the nearest date', async () => {
    const soldOut = addDays(earliest, 6); // both units taken by the first journey
    const page = await signedInPage(1280);
    await page.goto(`/book-hotel/${hotelID}?checkIn=${soldOut}&checkOut=${addDays(soldOut, 2)}`);
    await page.getByRole('heading', { name: ui.bookingDetailsTitle }).waitFor();
    // The stay from the address: check-in, check-out and nights shown.
    await page.getByText(ui.stayDates(soldOut, addDays(soldOut, 2), 2)).waitFor();
    await page.getByLabel(ui.roomTypeLabel).selectOption({ value: 'Flat' });
    await page.getByLabel(ui.roomStandardLabel).selectOption({ label: `${LISTING.roomStandard} (${formatRupees(LISTING.pricePerNight)})` });
    await page.getByText(ui.soldOutForDates).waitFor();
    await page.getByText(ui.freeFrom(addDays(soldOut, 2))).waitFor();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await noHorizontalOverflow(page, width);
      await page.screenshot({ path: path.join(SHOTS, `dates-04-book-sold-out-${width}.png`), fullPage: true });
    }

    // Moved to the nearest date: available; 5 guests do not fit a unit sleeping 4.
    await page.getByRole('button', { name: ui.moveStayTo(addDays(soldOut, 2)) }).click();
    await page.getByText(ui.stayDates(addDays(soldOut, 2), addDays(soldOut, 4), 2)).waitFor();
    await page.getByText(ui.availableForDates).waitFor();
    await urlMatches(page, new RegExp(`checkIn=${addDays(soldOut, 2)}&checkOut=${addDays(soldOut, 4)}`));
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: `${ui.guestsLabel} +1` }).click();
    await page.getByText(ui.tooManyGuests(5, LISTING.maxGuests)).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'dates-05-book-too-many-guests-1280.png'), fullPage: true });
    await page.getByRole('button', { name: `${ui.guestsLabel} −1` }).click();
    await page.getByText(ui.availableForDates).waitFor();

    // A stay with one unit left: the guest verifies, proceeds, and loses the unit to another guest before Book.
    const lastUnit = addDays(earliest, 30);
    await bookAway(lastUnit, 1);
    await page.goto(`/book-hotel/${hotelID}?date=${lastUnit}`);
    await page.getByLabel(ui.roomTypeLabel).selectOption({ value: 'Flat' });
    await page.getByLabel(ui.roomStandardLabel).selectOption({ label: `${LISTING.roomStandard} (${formatRupees(LISTING.pricePerNight)})` });
    await page.getByText(ui.onlyLeft(1), { exact: true }).waitFor();
    await page.getByText(ui.stayDates(lastUnit, checkOutOf({ checkIn: lastUnit, nights: 1 }), 1)).waitFor();
    const mobile = '9822077777';
    await page.getByLabel(ui.mobileNumberLabel).fill(mobile);
    await page.getByRole('button', { name: ui.sendOtp }).click();
    await page.getByText(ui.otpSent).waitFor();
    await page.getByLabel(ui.otpLabel, { exact: true }).fill(await otpFromOutbox(path.join(system.dataDir, 'outbox'), `+91${mobile}`));
    await page.getByRole('button', { name: ui.verify }).click();
    await page.getByText(ui.verified, { exact: true }).waitFor();
    await page.getByRole('button', { name: ui.proceedForPayment }).click();
    await bookAway(lastUnit, 1);
    await page.getByRole('tab', { name: ui.payAtHotel }).click();
    await page.getByRole('button', { name: ui.bookNowButton }).click();
    await page.getByRole('button', { name: ui.book, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: lastUnit }).waitFor();
    const next = addDays(lastUnit, 1);
    await page.getByText(ui.freeFrom(next)).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'dates-06-book-409-1280.png'), fullPage: true });
    await page.getByRole('button', { name: ui.moveStayTo(next) }).click();
    // Back on the details, the stay moved; the contact is still verified, so the guest books it.
    await page.getByText(ui.stayDates(next, addDays(next, 1), 1)).waitFor();
    await page.getByText(ui.availableForDates).waitFor();
    await page.getByRole('button', { name: ui.proceedForPayment }).click();
    await page.getByRole('tab', { name: ui.payAtHotel }).click();
    await page.getByRole('button', { name: ui.bookNowButton }).click();
    await page.getByRole('button', { name: ui.book, exact: true }).click();
    await urlMatches(page, /\/profile$/);
    const quote = quoteStay({ roomType: 'Flat', pricePerNight: LISTING.pricePerNight, numberOfGuests: 1, numberOfNights: 1, numberOfRooms: 1 });
    await page.getByRole('status').filter({ hasText: ui.bookingConfirmedTitle }).getByText(formatRupees(quote.payableAmount)).waitFor();

    // Your Bookings shows the check-out, in the table, on a phone's card and in the detail.
    await page.getByRole('link', { name: ui.yourBookings, exact: true }).click();
    await urlMatches(page, /\/user\/bookings\//);
    const row = page.getByRole('row').filter({ hasText: HOTEL_NAME });
    await row.getByRole('cell', { name: addDays(next, 1), exact: true }).waitFor();
    await shoot(page, 'dates-07-bookings', (p) => p.getByRole('heading', { name: ui.yourBookings }).waitFor());
    await row.getByRole('button').first().click();
    await page.getByText(ui.checkOutDetail).waitFor();
    await page
      .getByRole('definition')
      .filter({ hasText: addDays(next, 1) })
      .first()
      .waitFor();
    await shoot(page, 'dates-08-booking-detail');
    await page.context().close();
  });

  it('search with dates leaves out a hotel whose only listing is sold out, and shows the stay price and Only N left', async () => {
    const soldOut = addDays(earliest, 6);
    const search = async (query: string) =>
      (await callApi<{ _id: string; availability?: HotelAvailability }[]>(system, 'GET', `/hotel/data/get/search?searchTerm=${CITY}${query}`)).json.data;
    expect((await search('')).map((hotel) => hotel._id)).to.include(hotelID);
    expect(
      (await search(`&checkIn=${soldOut}&nights=2`)).map((hotel) => hotel._id),
      'sold out for the stay',
    ).not.to.include(hotelID);
    const free = addDays(soldOut, 2);
    const [found] = await search(`&checkIn=${free}&nights=2`);
    const stayQuote = quoteStay({ roomType: 'Flat', pricePerNight: LISTING.pricePerNight, numberOfGuests: 1, numberOfNights: 2, numberOfRooms: 1 });
    expect(found?.availability).to.deep.include({ bookableListings: 1, lowestPayableAmount: stayQuote.payableAmount });

    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: system.baseUrl });
      const page = await context.newPage();
      // Dates picked on the home page go with the search.
      await page.goto('/');
      await page.getByRole('combobox', { name: ui.searchLabel }).fill(CITY);
      await pickDates(page, soldOut, addDays(soldOut, 2));
      await page.getByRole('button', { name: ui.searchButton }).click();
      await urlMatches(page, new RegExp(`/search-hotel\\?searchTerm=${CITY}&checkIn=${soldOut}&checkOut=${addDays(soldOut, 2)}&rooms=1&guests=1$`));
      await page.getByText(ui.noHotelsFound).waitFor();
      await noHorizontalOverflow(page, width);
      await page.screenshot({ path: path.join(SHOTS, `dates-09-search-sold-out-${width}.png`), fullPage: true });
      // Other dates on the search page (a day after the last check-out: picking the current check-out day as check-in
      // would clear the range): the hotel, with the stay's price and how few are left; its links carry the stay.
      const later = addDays(free, 1);
      await pickDates(page, later, addDays(later, 2));
      const card = page.getByRole('article', { name: HOTEL_NAME });
      await card.getByText(ui.stayPrice(formatRupees(stayQuote.payableAmount), 2)).waitFor();
      const fewest = found!.availability!.fewestFree;
      if (fewest <= 3) await card.getByText(ui.onlyLeft(fewest), { exact: true }).waitFor();
      expect(await card.getByRole('link', { name: ui.viewLink, exact: true }).getAttribute('href')).to.equal(
        `/hotel/${hotelID}?checkIn=${later}&checkOut=${addDays(later, 2)}&rooms=1&guests=1`,
      );
      await noHorizontalOverflow(page, width);
      await page.screenshot({ path: path.join(SHOTS, `dates-10-search-stay-${width}.png`), fullPage: true });
      await context.close();
    }
  });

  it("the owner's room cards show Guests per unit, the update form has it filled in, and the owner's bookings show check-out", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: system.baseUrl });
    const page = await context.newPage();
    await page.goto('/login-hotel-owner');
    await page.getByLabel(ui.ownerEmailLabel).fill(ownerEmail);
    await page.getByLabel(ui.passwordLabel).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: ui.signIn }).click();
    await urlMatches(page, /\/hotel-details$/);
    await page.goto(`/room-data/${hotelID}`);
    const card = page.getByRole('article', { name: LISTING_NAME });
    expect(await card.getByTestId('max-guests').textContent()).to.equal(String(LISTING.maxGuests));
    await card.getByRole('link', { name: ui.ownerUpdate }).click();
    await page.getByRole('heading', { name: ui.updateRoomTitle }).waitFor();
    expect(await page.getByLabel(ui.maxGuestsLabel).inputValue()).to.equal(String(LISTING.maxGuests));
    await shoot(page, 'dates-11-owner-update-room', (p) => p.getByLabel(ui.maxGuestsLabel).waitFor());
    await page.goto(`/hotel-owner-bookings/${hotelID}`);
    const first = addDays(earliest, 6);
    const booking = page
      .getByRole('article')
      .filter({ has: page.getByTestId('check-out').getByText(addDays(first, 2), { exact: true }) })
      .first();
    await booking.waitFor();
    await shoot(page, 'dates-12-owner-bookings', (p) => p.getByRole('article').first().waitFor());
    await context.close();
  });
});
