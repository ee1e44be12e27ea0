/**
 * The auditor's journey through the built client (Chromium via playwright-core) against
 * the whole product in this process: a guest books a demo room through the API; the
 * auditor (bootstrapped from BOOTSTRAP_AUDITOR_EMAIL / _PASSWORD) is sent from /audit to
 * /login-auditor, signs in, finds the booking, opens its history, sees every event
 * verified by the browser against the notary's signed tree head, moves the as-of control
 * back to before the booking, exports the booking's log range as NDJSON, and signs out.
 * Screenshots at 1280 px and 390 px (prefix audit-); nothing overflows a 390 px phone.
 */
import { expect } from 'chai';
import { mkdir, readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { addDays, auditMessages, earliestCommencement, messages, type AuditRecord } from '@stays/contracts';
import { bookingsReadModel, hotelsReadModel } from '@stays/projections';
import { demoGuest } from '../../../standalone/src/demo/index.ts';
import { SHOTS, launchChromium, recordCspViolations, shoot, urlMatches } from './support/browser.ts';
import { callApi, startE2eSystem, type E2eSystem } from './support/system.ts';
import { demoGuestBooks } from './support/demo-booking.ts';

const texts = auditMessages;
const AUDITOR = { email: 'auditor.e2e@example.com', password: 'auditor-password-1' };

describe('auditor journey (e2e)', function () {
  this.timeout(180_000);
  let system: E2eSystem;
  let browser: Browser;

  before(async () => {
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

  /** The demo guest books the first room of the first demo hotel; its booking ID. */
  async function guestBooks(): Promise<string> {
    const hotel = (await api<{ _id: string }[]>('GET', '/hotel/data/get/all/hotels')).json.data[0]!;
    const room = (await api<{ roomType: 'Room' | 'Flat'; roomStandard: string }[]>('GET', `/hotel/room/get/all/rooms/${hotel._id}`)).json.data[0]!;
    return demoGuestBooks(system, {
      hotelID: hotel._id,
      roomType: room.roomType,
      roomStandard: room.roomStandard,
      phone: '9845077777',
      numberOfRooms: 1,
      numberOfNights: 2,
      dateOfCommencement: addDays(earliestCommencement(new Date()), 5),
    });
  }

  it('an auditor signs in, opens a booking, sees its timeline verified, moves the as-of control, exports and signs out', async () => {
    const bookingID = await guestBooks();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: system.baseUrl, acceptDownloads: true });
    const cspViolations: string[] = [];
    await recordCspViolations(context, cspViolations);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));

    // Not signed in as an auditor: /audit sends to /login-auditor.
    await page.goto('/audit');
    await urlMatches(page, /\/login-auditor$/);
    await page.getByRole('heading', { name: texts.signInTitle }).waitFor();
    await shoot(page, 'audit-01-sign-in', (p) => p.getByRole('heading', { name: texts.signInTitle }).waitFor());
    await page.getByLabel(texts.emailLabel, { exact: true }).fill(AUDITOR.email);
    await page.getByLabel(messages.ui.passwordLabel, { exact: true }).fill(AUDITOR.password);
    await page.getByRole('button', { name: messages.ui.signIn }).click();
    await urlMatches(page, /\/audit$/);
    // The site header shows the auditor's session, not LOGIN.
    const header = page.getByRole('navigation', { name: messages.ui.mainNavigation });
    // Named by its visible text (AUDIT); the session line is its tooltip.
    const auditLink = header.getByRole('link', { name: messages.ui.navAudit, exact: true });
    expect(await auditLink.getAttribute('title')).to.match(/^Signed in as .+ \(auditor\)$/);
    expect(await header.getByRole('link', { name: messages.ui.navLogin, exact: true }).count()).to.equal(0);
    // So it does after a reload on another page, before any auditor screen has loaded.
    await page.goto('/');
    await auditLink.waitFor();
    expect(await header.getByRole('link', { name: messages.ui.navLogin, exact: true }).count()).to.equal(0);
    await auditLink.click();
    await urlMatches(page, /\/audit$/);

    // Find the booking and open its history.
    await page.getByLabel(texts.bookingIdLabel, { exact: true }).fill(bookingID);
    await page.getByRole('button', { name: texts.search }).click();
    await page
      .getByRole('status')
      .filter({ hasText: texts.found(1) })
      .waitFor();
    await page.getByRole('link', { name: texts.openHistoryOf(bookingID) }).click();
    await urlMatches(page, new RegExp(`/audit\\?booking=${bookingID}$`));
    await page.getByRole('heading', { name: texts.historyTitle(bookingID) }).waitFor();
    const timeline = page.getByRole('list', { name: texts.timelineLabel });
    await timeline.getByRole('article').first().waitFor();
    const events = await timeline.getByRole('article').count();
    expect(events).to.be.at.least(2);
    await timeline.getByText(new RegExp(`^${demoGuest.name} booked `)).waitFor();

    // Every event verified in the browser (the notary signs a head at least every 10 s; the page checks again meanwhile).
    await page.getByText(`${texts.verified}: ${events} / ${events}`).waitFor({ timeout: 60_000 });
    expect(await timeline.getByText(texts.verified, { exact: true }).count()).to.equal(events);
    expect(await timeline.getByText(texts.notVerified, { exact: true }).count()).to.equal(0);

    // As of now the booking stands; moved to the start of the slider, it did not exist yet; one step on, it does again.
    await page.getByText(/^Folded up to /).waitFor();
    const handle = page.getByRole('slider');
    for (let step = 0; step < events; step++) await handle.press('ArrowLeft');
    await page.getByText(texts.asOfBeforeBooking).waitFor();
    expect(await handle.inputValue()).to.equal('0');
    for (let step = 0; step < events; step++) await handle.press('ArrowRight');
    await page.getByText(/^Folded up to /).waitFor();
    expect(await page.getByText(texts.asOfBeforeBooking).count()).to.equal(0);
    await shoot(page, 'audit-02-history', (p) => p.getByText(`${texts.verified}: ${events} / ${events}`).waitFor({ timeout: 60_000 }));

    // Export the booking stream's range of the log as NDJSON: every line a stored record of the log.
    await page.getByLabel(texts.categoryLabel, { exact: true }).fill('booking');
    await page.getByRole('button', { name: texts.showRecords }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /in the log match$/ })
      .waitFor();
    // each row of the log browser verified in the browser, as the timeline's events are
    const logSection = page.getByRole('region', { name: texts.logTitle });
    const rows = await logSection.getByRole('article').count();
    expect(rows).to.be.at.least(1);
    await logSection
      .getByText(texts.verified, { exact: true })
      .nth(rows - 1)
      .waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: texts.exportNdjson }).click()]);
    await page.getByText(/^Exported \d+ events? to stays-log-/).waitFor();
    const lines = (await readFile(await download.path(), 'utf8')).split('\n').filter((line) => line !== '');
    expect(lines.length).to.be.at.least(1);
    const records = lines.map((line) => (JSON.parse(line) as { record: AuditRecord }).record);
    expect(records.every((record) => record.streamId.startsWith('booking-'))).to.equal(true);
    expect(records.some((record) => record.streamId === `booking-${bookingID}` && record.type === 'BookingPlaced')).to.equal(true);
    await shoot(page, 'audit-03-log');

    // The read models' versions: every model of the product live, none behind the log's head for long.
    const readModels = page.getByRole('region', { name: texts.readModelsTitle });
    await readModels.getByRole('article', { name: `bookings ${texts.versionColumn} ${bookingsReadModel.version}` }).waitFor();
    expect(
      await readModels
        .getByRole('article', { name: `bookings ${texts.versionColumn} ${bookingsReadModel.version}` })
        .getByText(texts.versionStates.live)
        .count(),
    ).to.equal(1);
    await readModels.getByRole('button', { name: texts.readModelsRefresh }).click();
    await readModels
      .getByRole('status')
      .filter({ hasText: /^Event log head: position \d+$/ })
      .waitFor();

    // On a 390 px phone nothing overflows sideways.
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`/audit?booking=${bookingID}`);
    await phone.getByRole('list', { name: texts.timelineLabel }).getByRole('article').first().waitFor();
    await phone.getByRole('article', { name: `hotels ${texts.versionColumn} ${hotelsReadModel.version}` }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);

    // Signing out (the header's LOGOUT: the same action as the dashboard's button) ends the session: /audit sends to the
    // sign-in again, the header offers LOGIN again, and the old token no longer opens the API.
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    await header.getByRole('button', { name: messages.ui.navLogout, exact: true }).click();
    await urlMatches(page, /\/login-auditor$/);
    await header.getByRole('link', { name: messages.ui.navLogin, exact: true }).waitFor();
    expect((await api('GET', `/audit/bookings/${bookingID}/history`, undefined, token ?? undefined)).status).to.equal(401);

    expect(cspViolations).to.deep.equal([]);
    await context.close();
  });
});
