/**
 * The hotel owner's journey through the built client (Chromium via playwright-core)
 * against the whole product running in this process on a fresh DATA_DIR: sign up, sign
 * in, add a hotel (image count rules), add a room and an apartment, edit a room, see a
 * guest's booking with its amounts, record its payment (confirmed first, undone, recorded
 * again); the guest then sees it Done.
 * Screenshots of every owner screen at 1280 px and 390 px (prefix owner-).
 */
import { expect } from 'chai';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { formatRupees, formatDiscount, addDays, earliestCommencement, limits, messages, quoteStay } from '@stays/contracts';
import { generateDemoImage } from '@stays/service-kit';
import { SHOTS, launchChromium, otpFromOutbox, recordCspViolations, shoot, urlMatches } from './support/browser.ts';
import { callApi, startE2eSystem, type E2eSystem } from './support/system.ts';

const ui = messages.ui;
const server = messages.server;
const undoUi = messages.paymentUndo;

describe('owner journeys (e2e)', function () {
  this.timeout(120_000);
  let system: E2eSystem;
  let browser: Browser;
  let images: { name: string; mimeType: string; buffer: Buffer }[];

  before(async function () {
    [system, browser] = await Promise.all([startE2eSystem({ seed: false }), launchChromium()]);
    await mkdir(SHOTS, { recursive: true });
    images = await Promise.all(
      Array.from({ length: 11 }, async (_, i) => ({
        name: `photo-${i + 1}.png`,
        mimeType: 'image/png',
        buffer: await generateDemoImage({ width: 320, height: 240, seed: i + 1, label: `Photo ${i + 1}` }),
      })),
    );
  });

  after(async () => {
    await browser?.close();
    await system?.destroy();
  });

  const api = <T>(method: string, route: string, body?: unknown, token?: string) => callApi<T>(system, method, route, body, token);

  /** The page's transitions (a dialog fading in) have finished. */
  const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const byLabel = (page: Page, label: string) => page.getByLabel(label, { exact: true });
  /** Radios and checkboxes: a person clicks their label. */
  const choose = async (page: Page, label: string) => {
    await page
      .locator('label.bp6-control')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .click();
    expect(await byLabel(page, label).isChecked()).to.equal(true);
  };

  it('an owner lists a hotel with rooms, edits a room, sees a guest booking and records its payment', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: system.baseUrl });
    const cspViolations: string[] = [];
    await recordCspViolations(context, cspViolations);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    const ownerEmail = `owner.${Date.now()}@example.com`;

    // Sign up, sign in, land on /hotel-details.
    await page.goto('/signup-hotel-owner');
    await byLabel(page, ui.ownerNameLabel).fill('Rohan Mehta');
    await byLabel(page, ui.ownerEmailLabel).fill(ownerEmail);
    await byLabel(page, ui.passwordLabel).fill('owner-password-1');
    await page.getByRole('button', { name: ui.signUp }).click();
    await page.getByText(server.ownerRegistered).waitFor();
    await urlMatches(page, /\/login-hotel-owner$/);
    // The address changes before the sign-in form replaces the sign-up form, whose fields have the same labels.
    await page.getByRole('heading', { name: ui.signInHotelTitle }).waitFor();
    await byLabel(page, ui.ownerEmailLabel).fill(ownerEmail);
    await byLabel(page, ui.passwordLabel).fill('owner-password-1');
    await page.getByRole('button', { name: ui.signIn }).click();
    await urlMatches(page, /\/hotel-details$/);
    await page.getByRole('heading', { name: ui.ownerProfileTitle }).waitFor();
    await page.getByRole('link', { name: ui.addHotel }).waitFor();
    // Header: building icon to /hotel-details, no HOME, title without a link.
    await page.getByRole('link', { name: ui.yourHotel }).waitFor();
    expect(await page.getByRole('link', { name: ui.navHome }).count()).to.equal(0);
    expect(await page.getByRole('link', { name: ui.appTitle, exact: true }).count()).to.equal(0);
    await shoot(page, 'owner-01-profile-no-hotel', (p) => p.getByRole('link', { name: ui.addHotel }).waitFor());

    // Add the hotel: image count rules first.
    await page.getByRole('link', { name: ui.addHotel }).click();
    await urlMatches(page, /\/add-hotel$/);
    await page.getByRole('heading', { name: ui.addHotelTitle }).waitFor();
    const hotelName = 'Lake Palace Residency';
    await byLabel(page, ui.hotelNameLabel).fill(hotelName);
    await byLabel(page, ui.addressLabel).fill('12 Lake Road, Fateh Sagar');
    await byLabel(page, ui.descriptionLabel).fill('A quiet lakeside hotel with rooms and family apartments, ten minutes from the City Palace.');
    await byLabel(page, ui.cityLabel).fill('Udaipur');
    await byLabel(page, ui.stateLabel).fill('Rajasthan');
    await byLabel(page, ui.countryLabel).fill('India');
    await byLabel(page, ui.pinCodeLabel).fill('313001');
    await byLabel(page, ui.hotelPhoneLabel).fill('9829012345');
    await byLabel(page, ui.startingPriceInputLabel).fill('4500');
    await byLabel(page, ui.checkInTimeLabel).fill('14:00');
    await byLabel(page, ui.checkOutTimeLabel).fill('11:00');
    await byLabel(page, ui.hotelAmenitiesLabel).fill('Free WiFi, AC, Parking, TV');
    await byLabel(page, ui.placeNameLabel(ui.nearbyTabs.restaurants)).fill('Ambrai');
    await byLabel(page, ui.placeDistanceLabel(ui.nearbyTabs.restaurants)).fill('31');
    await page.getByRole('button', { name: ui.addPlace(ui.nearbyTabs.restaurants) }).click();
    await page.getByText(ui.placeDistanceMax(30)).waitFor();
    await byLabel(page, ui.placeDistanceLabel(ui.nearbyTabs.restaurants)).fill('2.5');
    await page.getByRole('button', { name: ui.addPlace(ui.nearbyTabs.restaurants) }).click();
    await page.getByRole('button', { name: ui.removePlace('Ambrai') }).waitFor();
    await byLabel(page, ui.placeTypeLabel).fill('Airport');
    await byLabel(page, ui.placeNameLabel(ui.nearbyTabs.transportationFacilities)).fill('Maharana Pratap Airport');
    await byLabel(page, ui.placeDistanceLabel(ui.nearbyTabs.transportationFacilities)).fill('22');
    await page.getByRole('button', { name: ui.addPlace(ui.nearbyTabs.transportationFacilities) }).click();

    const picker = byLabel(page, ui.hotelImagesLabel);
    const upload = page.getByRole('button', { name: ui.uploadImagesButton });
    await upload.click();
    await page.getByText(ui.uploadImages, { exact: true }).waitFor();
    await picker.setInputFiles(images.slice(0, 4));
    await upload.click();
    await page.getByText(ui.uploadMoreThanFive).waitFor();
    expect(await picker.evaluate((input: HTMLInputElement) => input.files?.length)).to.equal(0);
    await picker.setInputFiles(images);
    await upload.click();
    await page.getByText(ui.uploadMaximumTen).waitFor();
    // Five images dropped on the picker: counted and previewed small until uploaded.
    const dropped = await page.evaluateHandle(
      (files) => {
        const transfer = new DataTransfer();
        for (const file of files)
          transfer.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: file.mimeType }));
        return transfer;
      },
      images.slice(0, 5).map((image) => ({ name: image.name, mimeType: image.mimeType, base64: image.buffer.toString('base64') })),
    );
    await page.locator('.image-drop').dispatchEvent('dragenter', { dataTransfer: dropped });
    await page.locator('.image-drop.dragging').waitFor();
    await page.locator('.image-drop').dispatchEvent('drop', { dataTransfer: dropped });
    await page.getByText(ui.imagesChosen(5)).waitFor();
    expect(await page.getByText(ui.uploadMaximumTen).count(), 'the last refusal goes with a new choice').to.equal(0);
    expect(await page.getByRole('img', { name: /^Chosen image \d+$/ }).count()).to.equal(5);
    expect(await picker.evaluate((input: HTMLInputElement) => input.files?.length)).to.equal(5);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.locator('.image-picker').screenshot({ path: path.join(SHOTS, `owner-02-images-dropped-${width}.png`) });
    }
    await upload.click();
    await page.getByText(ui.imagesReady(5)).waitFor();
    await page
      .getByRole('img', { name: /^Chosen image \d+$/ })
      .first()
      .waitFor({ state: 'detached' });
    await shoot(page, 'owner-02-add-hotel', (p) => p.getByRole('heading', { name: ui.addHotelTitle }).waitFor());
    await page.getByRole('button', { name: ui.createHotelButton }).click();
    await page.getByText(server.hotelCreated).waitFor();
    // a new hotel leads on to its first room, saying why: guests find no hotel without one
    await urlMatches(page, /\/add-room\/[^/]+$/);
    const hotelId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByText(ui.addFirstRoomWhy).waitFor();
    await shoot(page, 'owner-02-first-room', (p) => p.getByText(ui.addFirstRoomWhy).waitFor());
    const listed = async () => ((await api<{ _id: string }[]>('GET', '/hotel/data/get/all/hotels')).json.data ?? []).some((hotel) => hotel._id === hotelId);
    expect(await listed(), 'not listed before its first room').to.equal(false);
    await page.goto(`/view-hotel/${hotelId}`);
    await page.getByRole('heading', { name: hotelName, level: 1 }).waitFor();

    // Add a room (image rule: at most two), then an apartment.
    await page.goto('/hotel-details');
    await page.getByRole('link', { name: ui.addRooms }).click();
    await urlMatches(page, new RegExp(`/add-room/${hotelId}$`));
    await page.getByRole('heading', { name: ui.addRoomTitle }).waitFor();
    await byLabel(page, ui.roomStandardInputLabel).fill('Deluxe');
    await byLabel(page, ui.roomAmenitiesLabel).fill('Free WiFi AC TV');
    await byLabel(page, ui.roomSizeLabel).fill('24');
    await byLabel(page, ui.pricePerNightLabel).fill('4500');
    await choose(page, 'Double');
    await byLabel(page, ui.totalUnitsLabel).fill('5');
    await byLabel(page, ui.roomImagesLabel).setInputFiles(images.slice(0, 3));
    await page.getByRole('button', { name: ui.uploadButton, exact: true }).click();
    await page.getByText(ui.uploadAtMostTwo).waitFor();
    await byLabel(page, ui.roomImagesLabel).setInputFiles(images.slice(5, 7));
    await page.getByRole('button', { name: ui.uploadButton, exact: true }).click();
    await page.getByText(ui.imagesReady(2)).waitFor();
    await shoot(page, 'owner-03-add-room', (p) => p.getByRole('heading', { name: ui.addRoomTitle }).waitFor());
    await page.getByRole('button', { name: ui.addRoomButton }).click();
    await page.getByText(server.roomAdded).waitFor();
    await urlMatches(page, new RegExp(`/view-hotel/${hotelId}$`));

    await page.goto(`/add-room/${hotelId}`);
    await byLabel(page, ui.roomStandardInputLabel).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(ui.addFirstRoomWhy).count(), 'said only before the first room').to.equal(0);
    expect(await listed(), 'listed once it has a room').to.equal(true);
    // A second Deluxe Room is refused; the refusal shows until the owner changes the form.
    await byLabel(page, ui.roomStandardInputLabel).fill('Deluxe');
    await byLabel(page, ui.roomSizeLabel).fill('24');
    await byLabel(page, ui.pricePerNightLabel).fill('4500');
    await byLabel(page, ui.roomImagesLabel).setInputFiles(images.slice(7, 8));
    await page.getByRole('button', { name: ui.uploadButton, exact: true }).click();
    await page.getByText(ui.imagesReady(1)).waitFor();
    await page.getByRole('button', { name: ui.addRoomButton }).click();
    const refusal = page.getByText(server.roomListingExists('Room', 'Deluxe'));
    await refusal.waitFor();
    // a state of this page, not of its address: both widths taken from it
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise((laidOut) => requestAnimationFrame(() => requestAnimationFrame(laidOut))));
      await page.screenshot({ path: path.join(SHOTS, `owner-03-room-refused-${width}.png`), fullPage: true });
    }
    await byLabel(page, ui.roomStandardInputLabel).fill('Family Suite');
    await refusal.waitFor({ state: 'detached' });
    await byLabel(page, ui.roomAmenitiesLabel).fill('Free WiFi AC Massage');
    await byLabel(page, ui.roomSizeLabel).fill('60');
    await choose(page, ui.apartmentLabel);
    await page.getByRole('button', { name: `${ui.numberOfRoomsLabel} +1` }).click();
    await choose(page, ui.kitchenLabel);
    await choose(page, ui.furnishedLabel);
    await choose(page, 'King');
    await byLabel(page, ui.pricePerNightLabel).fill('9000');
    // the image uploaded for the refused room stays in the form
    await page.getByRole('button', { name: ui.addRoomButton }).click();
    await urlMatches(page, new RegExp(`/view-hotel/${hotelId}$`));
    // Owners cannot select rooms on the hotel page.
    await page.getByRole('heading', { name: ui.chooseYourRoom }).waitFor();
    expect(await page.getByRole('button', { name: ui.selectRoom, exact: true }).first().isDisabled()).to.equal(true);
    await shoot(page, 'owner-04-hotel-page', (p) => p.getByRole('heading', { name: ui.chooseYourRoom }).waitFor());

    // Room data, then edit the room's price and see the change.
    await page.goto('/hotel-details');
    await page.getByRole('link', { name: ui.roomsData }).click();
    await page.getByRole('heading', { name: `${hotelName} ${ui.ownerRoomsTitle}` }).waitFor();
    const suite = page.getByRole('article', { name: 'Family Suite Apartment' });
    await suite.getByText(ui.kitchenLabel, { exact: true }).waitFor();
    await suite.getByText(ui.furnishedLabel, { exact: true }).waitFor();
    await suite.getByText(ui.apartmentLabel, { exact: true }).waitFor();
    const deluxe = page.getByRole('article', { name: 'Deluxe Room' });
    await deluxe.getByText(formatRupees(4500)).waitFor();
    expect(await deluxe.getByText(ui.numberOfRoomsShort).count()).to.equal(0);
    // Two photos share a card's frame at its full height: each as tall as a card's single photo.
    const photoHeight = async (name: string) => (await page.getByRole('img', { name, exact: true }).boundingBox())!.height;
    const single = await photoHeight(`Family Suite ${ui.imageNumber(1)}`);
    for (const index of [1, 2]) expect(Math.abs((await photoHeight(`Deluxe ${ui.imageNumber(index)}`)) - single), `Deluxe photo ${index}`).to.be.below(1.5);
    await shoot(page, 'owner-05-room-data', (p) => p.getByRole('article', { name: 'Deluxe Room' }).waitFor());
    await deluxe.getByRole('link', { name: ui.ownerUpdate }).click();
    await urlMatches(page, new RegExp(`/update-room-data/${hotelId}/[^/]+$`));
    await page.getByRole('heading', { name: ui.updateRoomTitle }).waitFor();
    expect(await byLabel(page, ui.pricePerNightLabel).inputValue()).to.equal('4500');
    await byLabel(page, ui.pricePerNightLabel).fill('5000');
    await page.getByRole('button', { name: ui.ownerUpdate, exact: true }).click();
    await page.getByText(ui.roomUpdatedNotice).waitFor();
    expect(await byLabel(page, ui.pricePerNightLabel).inputValue()).to.equal('5000');
    await shoot(page, 'owner-06-update-room', (p) => p.getByRole('heading', { name: ui.updateRoomTitle }).waitFor());
    await page.goto(`/room-data/${hotelId}`);
    await page.getByRole('article', { name: 'Deluxe Room' }).getByText(formatRupees(5000)).waitFor();

    // Update the hotel: a new place must be at least 5 km away; removed images need new ones.
    await page.goto(`/update-hotel/${hotelId}`);
    await page.getByRole('heading', { name: hotelName, level: 1 }).waitFor();
    await page.getByRole('button', { name: ui.removeImage(1) }).click();
    await page.getByRole('button', { name: ui.updateHotel }).click();
    await page.getByRole('alert').filter({ hasText: ui.removedImagesNeedNew }).waitFor();
    await byLabel(page, ui.placeNameLabel(ui.nearbyTabs.cinemaHalls)).fill('Paras Cinemas');
    await byLabel(page, ui.placeDistanceLabel(ui.nearbyTabs.cinemaHalls)).fill('3');
    await page.getByRole('button', { name: ui.addPlace(ui.nearbyTabs.cinemaHalls) }).click();
    await page.getByText(ui.placeDistanceMinOnUpdate(5)).waitFor();
    await byLabel(page, ui.placeDistanceLabel(ui.nearbyTabs.cinemaHalls)).fill('6');
    await page.getByRole('button', { name: ui.addPlace(ui.nearbyTabs.cinemaHalls) }).click();
    await byLabel(page, ui.hotelImagesLabel).setInputFiles(images.slice(3, 9));
    await page.getByRole('button', { name: ui.uploadImagesButton }).click();
    await page.getByText(ui.newImagesReplace).waitFor();
    await shoot(page, 'owner-07-update-hotel', (p) => p.getByRole('heading', { name: hotelName, level: 1 }).waitFor());
    await page.getByRole('button', { name: ui.updateHotel }).click();
    await page.getByText(server.hotelUpdated).waitFor();
    await urlMatches(page, new RegExp(`/view-hotel/${hotelId}$`));
    const stored = (await api<{ imageURLs: string[]; cinemaHalls: { name: string }[] }>('GET', `/hotel/data/get/specific/${hotelId}`)).json.data;
    expect(stored.imageURLs).to.have.length(6);
    expect(stored.cinemaHalls.map((place) => place.name)).to.deep.equal(['Paras Cinemas']);

    // A guest books two Deluxe rooms through the API (OTP from the outbox).
    const guestEmail = `meera.${Date.now()}@example.com`;
    const registration = new FormData();
    for (const [key, value] of Object.entries({ username: 'meera', name: 'Meera Nair', email: guestEmail, password: 'meera-password-1' }))
      registration.append(key, value);
    registration.append('profileImage', new Blob([new Uint8Array(images[10]!.buffer)], { type: 'image/png' }), 'meera.png');
    expect((await api('POST', '/user/register', registration)).status).to.be.within(200, 201);
    const signIn = await api<{ accessToken: string; user: { _id: string } }>('POST', '/user/login', { email: guestEmail, password: 'meera-password-1' });
    const token = signIn.json.data.accessToken;
    const phone = { customerEmail: guestEmail, customerPhoneNumber: '+919845012345' };
    expect((await api('POST', '/hotel/booking/send/email/mobile', { customerName: 'Meera Nair', ...phone }, token)).json.success).to.equal(true);
    const otp = await otpFromOutbox(path.join(system.dataDir, 'outbox'), phone.customerPhoneNumber);
    expect((await api('POST', '/hotel/booking/verify/email/mobile', { otp, ...phone }, token)).json.success).to.equal(true);
    const stay = { roomType: 'Room' as const, pricePerNight: 5000, numberOfGuests: 2, numberOfNights: 3, numberOfRooms: 2 };
    const booked = await api(
      'POST',
      '/hotel/booking/book/hotel',
      {
        hotelID: hotelId,
        roomType: stay.roomType,
        roomStandard: 'Deluxe',
        customerName: 'Meera Nair',
        customerEmail: guestEmail,
        customerPhoneNumber: '9845012345',
        customerID: signIn.json.data.user._id,
        numberOfRooms: stay.numberOfRooms,
        numberOfGuests: stay.numberOfGuests,
        numberOfNights: stay.numberOfNights,
        dateOfCommencement: addDays(earliestCommencement(new Date()), 7),
      },
      token,
    );
    expect(booked.json.success, booked.json.message).to.equal(true);
    const quote = quoteStay(stay);

    // The owner sees it under NEW BOOKINGS and records the payment.
    await page.goto('/hotel-details');
    await page.getByRole('link', { name: ui.newBookings }).click();
    await urlMatches(page, new RegExp(`/hotel-owner-bookings/${hotelId}$`));
    await page.getByRole('heading', { name: hotelName, level: 1 }).waitFor();
    await page.getByText('Rohan Mehta').waitFor();
    await page.getByText(ownerEmail).waitFor();
    const card = page.getByRole('article').first();
    expect(await card.getByTestId('total').textContent()).to.equal(formatRupees(quote.totalAmount));
    expect(await card.getByTestId('discount').textContent()).to.equal(formatDiscount(quote.discountAmount));
    expect(await card.getByTestId('after-discount').textContent()).to.equal(formatRupees(quote.payableAmount));
    expect(await card.getByTestId('nights').textContent()).to.equal('3');
    expect(await card.getByTestId('rooms').textContent()).to.equal('2');
    await card.getByText(ui.upcoming).waitFor();
    expect(await card.getByTestId('payment').textContent()).to.equal(ui.paymentPending);
    await shoot(page, 'owner-08-bookings', (p) => p.getByRole('article').first().waitFor());
    // Mark as paid asks first, naming the amount and the booking; Cancel records nothing.
    const bookingID = (booked.json.data as { bookingID: string }).bookingID;
    const question = undoUi.confirmText(formatRupees(quote.payableAmount), bookingID);
    const confirmation = (p: Page) => p.getByRole('alertdialog').or(p.getByRole('dialog')).filter({ hasText: question });
    await card.getByRole('button', { name: ui.markPaid }).click();
    await confirmation(page).getByText(undoUi.confirmHint(limits.paymentUndoMinutes)).waitFor();
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, 'owner-08b-confirm-payment-1280.png') });
    await confirmation(page).getByRole('button', { name: ui.cancel }).click();
    await confirmation(page).waitFor({ state: 'hidden' });
    expect(await card.getByTestId('payment').textContent()).to.equal(ui.paymentPending);
    const narrow = await context.newPage();
    await narrow.setViewportSize({ width: 390, height: 844 });
    await narrow.goto(page.url());
    await narrow.getByRole('article').first().getByRole('button', { name: ui.markPaid }).click();
    await confirmation(narrow).getByText(question).waitFor();
    await settled(narrow);
    const dialogBox = (await confirmation(narrow).boundingBox())!;
    expect(dialogBox.x).to.be.at.least(0);
    expect(dialogBox.x + dialogBox.width).to.be.at.most(390);
    await narrow.screenshot({ path: path.join(SHOTS, 'owner-08b-confirm-payment-390.png') });
    await confirmation(narrow).getByRole('button', { name: ui.cancel }).click();
    await narrow.close();
    // Confirmed: Completed, with an Undo and the time left to use it.
    await card.getByRole('button', { name: ui.markPaid }).click();
    await confirmation(page).getByRole('button', { name: undoUi.confirm }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="payment"]')?.textContent === 'Completed');
    expect(await card.getByRole('button', { name: ui.markPaid }).count()).to.equal(0);
    expect(await card.getByRole('timer').textContent()).to.match(/^(10:00|9:[0-5]\d) left to undo$/);
    await shoot(page, 'owner-08c-paid-undo', (p) => p.getByRole('article').first().getByRole('button', { name: undoUi.undo }).waitFor());
    // Undo asks nothing more: Pending again, with a message; then marked paid again for good.
    await card.getByRole('button', { name: undoUi.undo }).click();
    await card.getByText(undoUi.undoneNotice(bookingID)).waitFor();
    expect(await card.getByTestId('payment').textContent()).to.equal(ui.paymentPending);
    expect(await card.getByRole('button', { name: undoUi.undo }).count()).to.equal(0);
    await shoot(page, 'owner-08d-payment-undone', (p) => p.getByRole('article').first().getByRole('button', { name: ui.markPaid }).waitFor());
    await card.getByRole('button', { name: ui.markPaid }).click();
    await confirmation(page).getByRole('button', { name: undoUi.confirm }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="payment"]')?.textContent === 'Completed');
    expect(await card.getByText(undoUi.undoneNotice(bookingID)).count()).to.equal(0);
    // The Undo is gone once the window has ended (the page's clock moved on; the server judges by its own).
    const later = await context.newPage();
    await later.clock.install();
    await later.goto(page.url());
    const laterCard = later.getByRole('article').first();
    await laterCard.getByRole('button', { name: undoUi.undo }).waitFor();
    await later.clock.fastForward(limits.paymentUndoMinutes * 60_000);
    await laterCard.getByRole('button', { name: undoUi.undo }).waitFor({ state: 'detached' });
    expect(await laterCard.getByTestId('payment').textContent()).to.equal(ui.completed);
    await later.close();

    // Profile update.
    await page.goto('/hotel-details');
    await byLabel(page, ui.nameLabel).fill('Rohan K. Mehta');
    await page.getByRole('button', { name: ui.ownerUpdate, exact: true }).click();
    await page.getByText(ui.userUpdated).waitFor();
    await page.getByRole('link', { name: ui.newBookings }).waitFor();
    await shoot(page, 'owner-09-profile', (p) => p.getByRole('link', { name: ui.newBookings }).waitFor());
    // A copy of their data: profile, hotel, the booking as ids, dates and amounts, nothing of the guest.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: ui.downloadMyData }).click()]);
    expect(download.suggestedFilename()).to.match(/^stays-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const copyText = await readFile(await download.path(), 'utf8');
    const copy = JSON.parse(copyText);
    expect(copy.profile).to.include({ name: 'Rohan K. Mehta', email: ownerEmail });
    expect(copy.hotel).to.include({ hotelId, hotelName });
    expect(copy.bookingsAtYourHotel).to.have.length(1);
    expect(copy.bookingsAtYourHotel[0]).to.include({ payableAmount: quote.payableAmount, paid: true, numberOfRooms: 2 });
    for (const guests of ['Meera', guestEmail, '9845012345']) expect(copyText, guests).to.not.contain(guests);
    await page.getByRole('button', { name: ui.signOut }).click();
    await page.getByRole('link', { name: ui.navLogin }).waitFor();
    await context.close();
    // image pickers, previews and every owner screen within the Content Security Policy
    expect(cspViolations).to.deep.equal([]);

    // The guest sees the payment Done on their bookings page.
    const guest = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: system.baseUrl });
    const guestPage = await guest.newPage();
    await guestPage.goto('/login-user');
    await byLabel(guestPage, ui.emailLabel).fill(guestEmail);
    await byLabel(guestPage, ui.passwordLabel).fill('meera-password-1');
    await guestPage.getByRole('button', { name: ui.signIn }).click();
    await urlMatches(guestPage, /^[^?#]+:\d+\/$/);
    await guestPage.goto(`/user/bookings/${signIn.json.data.user._id}`);
    const row = guestPage.getByRole('row').filter({ hasText: hotelName });
    await row.getByText(ui.paymentDone, { exact: true }).waitFor();
    await guest.close();
  });
});
