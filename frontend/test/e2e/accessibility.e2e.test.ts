/**
 * axe-core on every screen of the spec, at 390 px and 1280 px, for a visitor, a guest, a
 * hotel owner and an auditor, through the built client (Chromium via playwright-core)
 * against the whole product in this process with the demo data. A serious or critical
 * violation fails; moderate and minor ones are printed (and fail too where the issue named
 * them: heading levels, a page's h1, a control's visible text vs its accessible name).
 * Each checked state is also photographed (a11y-<who>-<screen>-<width>.png in
 * frontend/test-results/screenshots/) for a person to look at.
 */
import { expect } from 'chai';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AxeResults, Result } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { addDays, auditMessages, closureMessages, earliestCommencement, messages } from '@stays/contracts';
import { DEMO_PASSWORD, demoGuest, demoHotels } from '../../../standalone/src/demo/index.ts';
import { SHOTS, launchChromium, otpFromOutbox, urlMatches } from './support/browser.ts';
import { callApi, startE2eSystem, type E2eSystem } from './support/system.ts';

const ui = messages.ui;
const AUDITOR = { email: 'auditor.a11y@example.com', password: 'auditor-password-1' };
const WIDTHS = [390, 1280] as const;
/** Rules the issue named; fixed, so they fail at any impact. */
const ALWAYS_FAIL = new Set(['heading-order', 'page-has-heading-one', 'label-content-name-mismatch', 'link-in-text-block']);

interface Screen {
  readonly name: string;
  readonly path: string;
  /** Resolves once the screen shows what it is about (data loaded). */
  readonly ready: (page: Page) => Promise<unknown>;
  /** Optional interaction after ready, to reach a state worth checking (a chosen room, an open drawer). */
  readonly then?: (page: Page) => Promise<unknown>;
  /** Only at this width (a phone's drawer, say); both widths when absent. */
  readonly width?: number;
}

interface Finding {
  readonly screen: string;
  readonly width: number;
  readonly rule: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: string[];
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core in the page: WCAG 2.1 A/AA, best practices, and the visible-text vs name rule. */
async function runAxe(page: Page): Promise<AxeResults> {
  await page.evaluate(await axeSource);
  return page.evaluate(() =>
    window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    }),
  );
}

declare global {
  interface Window {
    axe: typeof import('axe-core');
  }
}

describe('accessibility of every screen (axe-core, e2e)', function () {
  this.timeout(600_000);
  let system: E2eSystem;
  let browser: Browser;
  const findings: Finding[] = [];
  const checked: string[] = [];
  let hotelId: string;
  /** The hotel the home page's slider shows first. */
  let firstListed: string;
  let ownHotelId: string;
  let ownRoomId: string;
  let guestId: string;
  let bookingID: string;

  const api = async <T>(method: string, route: string, body?: unknown, token?: string) => (await callApi<T>(system, method, route, body, token)).json;

  before(async () => {
    [system, browser] = await Promise.all([
      startE2eSystem({ env: { BOOTSTRAP_AUDITOR_EMAIL: AUDITOR.email, BOOTSTRAP_AUDITOR_PASSWORD: AUDITOR.password } }),
      launchChromium(),
    ]);
    await mkdir(SHOTS, { recursive: true });
    // The demo guest has a booking at the first demo owner's hotel, so profile, bookings, owner bookings and the audit screens show one.
    const hotels = (await api<{ _id: string; hotelName: string }[]>('GET', '/hotel/data/get/all/hotels')).data;
    const own = hotels.find((hotel) => hotel.hotelName === demoHotels[0]!.hotelName)!;
    ownHotelId = own._id;
    firstListed = hotels[0]!.hotelName;
    hotelId = own._id;
    const rooms = (await api<{ _id: string; roomType: 'Room' | 'Flat'; roomStandard: string }[]>('GET', `/hotel/room/get/all/rooms/${ownHotelId}`)).data;
    ownRoomId = rooms[0]!._id;
    const signIn = await api<{ accessToken: string; user: { _id: string } }>('POST', '/user/login', { email: demoGuest.email, password: DEMO_PASSWORD });
    const token = signIn.data.accessToken;
    guestId = signIn.data.user._id;
    const contact = { customerEmail: demoGuest.email, customerPhoneNumber: '+919845077777' };
    expect((await api('POST', '/hotel/booking/send/email/mobile', { customerName: demoGuest.name, ...contact }, token)).success).to.equal(true);
    const otp = await otpFromOutbox(path.join(system.dataDir, 'outbox'), contact.customerPhoneNumber);
    expect((await api('POST', '/hotel/booking/verify/email/mobile', { otp, ...contact }, token)).success).to.equal(true);
    const booked = await api<{ bookingID: string }>(
      'POST',
      '/hotel/booking/book/hotel',
      {
        hotelID: ownHotelId,
        roomType: rooms[0]!.roomType,
        roomStandard: rooms[0]!.roomStandard,
        customerName: demoGuest.name,
        customerEmail: demoGuest.email,
        customerPhoneNumber: '9845077777',
        customerID: guestId,
        numberOfRooms: 1,
        numberOfGuests: 1,
        numberOfNights: 2,
        dateOfCommencement: addDays(earliestCommencement(new Date()), 3),
      },
      token,
    );
    expect(booked.success, booked.message).to.equal(true);
    bookingID = booked.data.bookingID;
  });

  after(async () => {
    await browser?.close();
    await system?.destroy();
  });

  const heading = (name: string | RegExp, level?: number) => (page: Page) => page.getByRole('heading', { name, level }).first().waitFor();

  const visitorScreens = (): Screen[] => [
    {
      name: 'home',
      path: '/',
      ready: (p) =>
        p
          .getByRole('img', { name: ui.hotelPhoto(firstListed) })
          .first()
          .waitFor(),
    },
    {
      name: 'home, suggestions open',
      path: '/',
      ready: heading(ui.sliderTitle),
      then: async (p) => {
        await p.getByRole('combobox', { name: ui.searchLabel }).fill('Jaip');
        await p.getByRole('option', { name: 'Jaipur', exact: true }).waitFor();
      },
    },
    {
      name: 'home, calendar open',
      path: '/',
      ready: heading(ui.sliderTitle),
      then: async (p) => {
        await p.getByRole('textbox', { name: ui.checkInDate }).first().click();
        await p.locator('.bp6-datepicker').waitFor();
      },
    },
    { name: 'about', path: '/about', ready: (p) => p.locator('h1').waitFor() },
    { name: 'search', path: '/search-hotel?searchTerm=Jaipur', ready: heading(ui.hotelsResult) },
    {
      name: 'search, filters drawer',
      path: '/search-hotel',
      width: 390,
      ready: (p) => p.getByRole('article').first().waitFor(),
      then: async (p) => {
        await p.getByRole('button', { name: ui.filtersTitle }).click();
        await p.getByRole('dialog', { name: ui.filtersTitle }).getByLabel(ui.maxPriceLabel).waitFor();
      },
    },
    { name: 'hotel', path: `/hotel/${hotelId}`, ready: heading(demoHotels[0]!.hotelName, 1) },
    {
      name: 'hotel, room selected',
      path: `/hotel/${hotelId}`,
      ready: heading(ui.chooseYourRoom),
      then: (p) => p.getByRole('button', { name: ui.selectRoom }).first().click(),
    },
    { name: 'sign in (guest)', path: '/login-user', ready: heading(ui.signIn) },
    { name: 'sign in (owner)', path: '/login-hotel-owner', ready: (p) => p.locator('h1').waitFor() },
    { name: 'sign up (guest)', path: '/signup-user', ready: (p) => p.locator('h1').waitFor() },
    { name: 'sign up (owner)', path: '/signup-hotel-owner', ready: (p) => p.locator('h1').waitFor() },
    { name: 'sign in (auditor)', path: '/login-auditor', ready: heading(auditMessages.signInTitle) },
    { name: 'not found', path: '/no-such-page', ready: heading(ui.pageNotFound) },
  ];
  const guestScreens = (): Screen[] => [
    {
      name: 'home (guest)',
      path: '/',
      ready: (p) =>
        p
          .getByRole('img', { name: ui.hotelPhoto(firstListed) })
          .first()
          .waitFor(),
    },
    {
      name: 'hotel (guest)',
      path: `/hotel/${hotelId}`,
      ready: heading(ui.chooseYourRoom),
      then: (p) => p.getByRole('button', { name: ui.selectRoom }).first().click(),
    },
    { name: 'book hotel', path: `/book-hotel/${hotelId}`, ready: heading(ui.bookingDetailsTitle) },
    {
      name: 'book hotel, room chosen',
      path: `/book-hotel/${hotelId}`,
      ready: heading(ui.bookingDetailsTitle),
      then: async (p) => {
        await p.getByLabel(ui.roomTypeLabel).selectOption({ index: 1 });
        await p.getByLabel(ui.roomStandardLabel).selectOption({ index: 1 });
        await p.getByTestId('payable-amount').waitFor();
      },
    },
    { name: 'profile', path: '/profile', ready: heading(ui.profileTitle) },
    {
      name: 'your bookings',
      path: `/user/bookings/${guestId}`,
      ready: async (p) => {
        await heading(ui.yourBookings)(p);
        await p.getByText(bookingID).filter({ visible: true }).first().waitFor();
      },
    },
  ];
  const ownerScreens = (): Screen[] => [
    { name: 'owner profile', path: '/hotel-details', ready: (p) => p.getByRole('link', { name: ui.newBookings }).waitFor() },
    { name: 'add hotel', path: '/add-hotel', ready: heading(ui.addHotelTitle) },
    { name: 'update hotel', path: `/update-hotel/${ownHotelId}`, ready: heading(demoHotels[0]!.hotelName, 1) },
    { name: 'your hotel', path: `/view-hotel/${ownHotelId}`, ready: heading(ui.chooseYourRoom) },
    { name: 'add room', path: `/add-room/${ownHotelId}`, ready: (p) => p.locator('h1').waitFor() },
    { name: 'rooms data', path: `/room-data/${ownHotelId}`, ready: (p) => p.getByRole('article').first().waitFor() },
    { name: 'update room', path: `/update-room-data/${ownHotelId}/${ownRoomId}`, ready: (p) => p.locator('h1').waitFor() },
    { name: 'room calendar', path: `/room-calendar/${ownHotelId}/${ownRoomId}`, ready: heading(closureMessages.closeTitle) },
    { name: 'owner bookings', path: `/hotel-owner-bookings/${ownHotelId}`, ready: (p) => p.getByRole('article').first().waitFor() },
  ];
  const auditorScreens = (): Screen[] => [
    { name: 'audit', path: '/audit', ready: heading(auditMessages.findBooking) },
    {
      name: 'audit, booking history',
      path: `/audit?booking=${bookingID}`,
      ready: (p) => p.getByRole('list', { name: auditMessages.timelineLabel }).getByRole('article').first().waitFor(),
    },
    {
      name: 'audit, hotel suggestions',
      path: '/audit',
      ready: heading(auditMessages.findBooking),
      then: async (p) => {
        await p.getByLabel(auditMessages.hotelNameLabel, { exact: true }).fill(demoHotels[0]!.hotelName.slice(4, 10));
        await p.getByRole('listbox', { name: auditMessages.hotelSuggestionsLabel }).getByRole('option').first().waitFor();
      },
    },
    {
      name: 'audit, stored JSON',
      path: `/audit?booking=${bookingID}`,
      ready: (p) => p.getByRole('list', { name: auditMessages.timelineLabel }).getByRole('article').first().waitFor(),
      then: async (p) => {
        await p.getByRole('list', { name: auditMessages.timelineLabel }).getByRole('button', { name: auditMessages.storedJson }).first().click();
        await p.getByRole('dialog').locator('pre').waitFor();
      },
    },
  ];

  async function signIn(page: Page, role: 'guest' | 'owner' | 'auditor'): Promise<void> {
    if (role === 'auditor') {
      await page.goto('/login-auditor');
      await page.getByLabel(auditMessages.emailLabel, { exact: true }).fill(AUDITOR.email);
      await page.getByLabel(ui.passwordLabel, { exact: true }).fill(AUDITOR.password);
      await page.getByRole('button', { name: ui.signIn }).click();
      await urlMatches(page, /\/audit$/);
      return;
    }
    await page.goto(role === 'guest' ? '/login-user' : '/login-hotel-owner');
    await page
      .getByLabel(role === 'guest' ? ui.emailLabel : ui.ownerEmailLabel, { exact: true })
      .fill(role === 'guest' ? demoGuest.email : demoHotels[0]!.owner.email);
    await page.getByLabel(ui.passwordLabel, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: ui.signIn }).click();
    await urlMatches(page, role === 'guest' ? /^[^?#]+:\d+\/$/ : /\/hotel-details$/);
  }

  async function check(role: 'visitor' | 'guest' | 'owner' | 'auditor', screens: () => Screen[]): Promise<void> {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, baseURL: system.baseUrl });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
      if (role !== 'visitor') await signIn(page, role);
      for (const screen of screens().filter((s) => s.width === undefined || s.width === width)) {
        await page.goto(screen.path);
        await screen.ready(page);
        if (screen.then) await screen.then(page);
        await page.waitForLoadState('networkidle');
        const results = await runAxe(page);
        checked.push(`${screen.name} @${width}`);
        await page.screenshot({
          path: path.join(SHOTS, `a11y-${role}-${screen.name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}-${width}.png`),
          fullPage: screen.then === undefined,
        });
        for (const violation of results.violations as Result[]) {
          findings.push({
            screen: screen.name,
            width,
            rule: violation.id,
            impact: violation.impact ?? 'unknown',
            help: violation.help,
            targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
          });
        }
      }
      await context.close();
    }
  }

  it('a visitor: home, about, search, hotel, the sign-in and sign-up pages, the auditor sign-in, not found', () => check('visitor', visitorScreens));
  it('a guest: home, hotel with a room selected, book hotel, profile, their bookings', () => check('guest', guestScreens));
  it('a hotel owner: profile, add and update hotel, their hotel, add room, rooms data, update room, room calendar, bookings', () =>
    check('owner', ownerScreens));
  it("an auditor: the dashboard, a booking's verified history, hotel suggestions and a record's stored JSON", () => check('auditor', auditorScreens));

  it('no screen has a serious or critical violation, nor one of the kinds the issue named', () => {
    const lines = findings.map((f) => `${f.impact.padEnd(8)} ${f.rule} on ${f.screen} @${f.width}px: ${f.help} [${f.targets.join(' | ')}]`);
    console.log(
      `      axe-core checked ${checked.length} screen states; ${findings.length} violation(s)${lines.length > 0 ? ':\n        ' : ''}${lines.join('\n        ')}`,
    );
    const failing = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical' || ALWAYS_FAIL.has(f.rule));
    expect(failing.map((f) => `${f.rule} on ${f.screen} @${f.width}px`)).to.deep.equal([]);
  });
});
