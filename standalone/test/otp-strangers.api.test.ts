/**
 * OTP tries limit the stranger, not the victim: a signed-in stranger who knows someone's
 * email and phone sends codes to them and guesses wrong until refused; the person then
 * verifies their own contact and books at once. The stranger is refused with 429, cannot
 * start over on other people's contacts for ever (a limit per account), and many
 * accounts from one address are slowed down together (a limit per address, taken from
 * the gateway's X-Forwarded-For entry).
 */
import { expect } from 'chai';
import { otpThrottlePolicies } from '@stays/command-service';
import { addDays, indiaToday, limits, messages } from '@stays/contracts';
import { ApiClient, type ApiResponse } from './support/http-client.ts';
import { hotelForm, pngImages, roomForm } from './support/fixtures.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from './support/accounts.ts';
import { international, newContact, otpFromOutbox, type Contact } from './support/booking.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const SECOND = 1000;

describe('OTP tries over HTTP: the stranger is limited, not the victim', function () {
  this.timeout(120_000);
  let clock = Date.now();
  let stays: TestSystem;
  let api: ApiClient;
  let hotelId: string;

  before(async () => {
    stays = await startTestSystem({ env: { TRUST_PROXY: '1' }, overrides: { now: () => new Date(clock) } });
    api = new ApiClient(stays.baseUrl);
    const owner = await signedInOwner(api);
    hotelId = (await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: await pngImages(5) }, { token: owner.token })).body.data._id;
    const room = await api.multipart(
      'POST',
      '/hotel/room/create/room',
      roomForm(hotelId, { totalUnits: '20' }),
      { imageURLs: await pngImages(1) },
      { token: owner.token },
    );
    expect(room.status).to.equal(201);
  });
  after(async () => stays.destroy());
  beforeEach(() => {
    clock = Date.now();
  });

  /** Client addresses as the gateway reports them (documentation ranges), one set per test. */
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const sendOtp = (who: SignedIn, contact: Contact, address: string) =>
    api.post('/hotel/booking/send/email/mobile', { ...contact, customerPhoneNumber: international(contact) }, { token: who.token, headers: from(address) });
  const verifyOtp = (who: SignedIn, contact: Contact, otp: string, address: string) =>
    api.post(
      '/hotel/booking/verify/email/mobile',
      { otp, customerEmail: contact.customerEmail, customerPhoneNumber: international(contact) },
      { token: who.token, headers: from(address) },
    );
  const book = (who: SignedIn, contact: Contact, address: string) =>
    api.post(
      '/hotel/booking/book/hotel',
      {
        hotelID: hotelId,
        ...contact,
        roomType: 'Room',
        roomStandard: 'Deluxe',
        numberOfRooms: 1,
        numberOfGuests: 1,
        numberOfNights: 1,
        dateOfCommencement: addDays(indiaToday(new Date(clock)), 10),
      },
      { token: who.token, headers: from(address) },
    );
  const wrongCodeFor = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
  const waitOutResend = () => {
    clock += (limits.otpResendSeconds + 1) * SECOND;
  };
  const expectRefused = (response: ApiResponse, message: string) => {
    expect([response.status, response.body.message], JSON.stringify(response.body)).to.deep.equal([429, message]);
    expect(Number(response.headers.get('retry-after'))).to.be.greaterThan(0);
  };

  /** Codes to the contact and wrong guesses at each, five a code, `codes` codes (a resend between): the wrong tries are all answered 400. */
  async function guessWrong(who: SignedIn, contact: Contact, address: string, codes: number): Promise<void> {
    for (let code = 0; code < codes; code++) {
      waitOutResend();
      const sent = await sendOtp(who, contact, address);
      expect(sent.status, JSON.stringify(sent.body)).to.equal(200);
      const otp = await otpFromOutbox(stays.dataDir, international(contact));
      for (let i = 0; i < limits.otpWrongTriesPerCode; i++) expect((await verifyOtp(who, contact, wrongCodeFor(otp), address)).status).to.equal(400);
    }
  }

  it("lets the owner of an email and phone verify and book after a stranger's wrong tries on it, and refuses the stranger", async () => {
    const [strangerAddress, victimAddress] = ['203.0.113.10', '198.51.100.10'];
    const [stranger, victim] = [await signedInCustomer(api, 'Stranger'), await signedInCustomer(api, 'Asha Rao')];
    const victimsContact = newContact();

    // two codes, ten wrong tries: the stranger's tries on this contact are used up for the day
    await guessWrong(stranger, victimsContact, strangerAddress, 2);
    waitOutResend();
    const strangerResends = await sendOtp(stranger, victimsContact, strangerAddress);
    expectRefused(strangerResends, messages.server.otpTooManyTriesToday);
    expect(Number(strangerResends.headers.get('retry-after'))).to.be.greaterThan(23 * 3600);

    // the owner of the contact asks for a code, verifies it and books, as if nothing happened
    const sent = await sendOtp(victim, victimsContact, victimAddress);
    expect(sent.status, JSON.stringify(sent.body)).to.equal(200);
    const otp = await otpFromOutbox(stays.dataDir, international(victimsContact));
    const verified = await verifyOtp(victim, victimsContact, otp, victimAddress);
    expect(verified.status, JSON.stringify(verified.body)).to.equal(200);
    const booked = await book(victim, victimsContact, victimAddress);
    expect(booked.status, JSON.stringify(booked.body)).to.equal(201);

    // the victim's code is theirs alone, and the stranger is still refused
    expectRefused(await verifyOtp(stranger, victimsContact, otp, strangerAddress), messages.server.otpTooManyTriesToday);
    expect((await book(stranger, victimsContact, strangerAddress)).status).to.equal(403);
  });

  it("does not let a stranger's codes replace the owner's code, nor their resends make the owner wait long", async () => {
    const [strangerAddress, victimAddress] = ['203.0.113.11', '198.51.100.11'];
    const [stranger, victim] = [await signedInCustomer(api, 'Stranger'), await signedInCustomer(api, 'Asha Rao')];
    const victimsContact = newContact();
    expect((await sendOtp(victim, victimsContact, victimAddress)).status).to.equal(200);
    const otp = await otpFromOutbox(stays.dataDir, international(victimsContact));

    const tooSoon = await sendOtp(stranger, victimsContact, strangerAddress);
    expectRefused(tooSoon, messages.server.otpResendTooSoon(Number(tooSoon.headers.get('retry-after'))));
    expect(Number(tooSoon.headers.get('retry-after'))).to.be.at.most(limits.otpResendSeconds);
    waitOutResend();
    expect((await sendOtp(stranger, victimsContact, strangerAddress)).status).to.equal(200);

    expect((await verifyOtp(victim, victimsContact, otp, victimAddress)).status, "the owner's code still works").to.equal(200);
  });

  it('limits wrong tries per account over every contact: switching to other contacts does not buy more', async () => {
    const strangerAddress = '203.0.113.12';
    const stranger = await signedInCustomer(api, 'Stranger');
    const contactsTried = limits.otpWrongTriesPerGuestPerDay / limits.otpWrongTriesPerGuestAndContactPerDay;
    for (let n = 0; n < contactsTried; n++) await guessWrong(stranger, newContact(), strangerAddress, 2);

    const next = newContact();
    waitOutResend();
    expectRefused(await sendOtp(stranger, next, strangerAddress), messages.server.otpTooManyTriesForAccount);
    expectRefused(await verifyOtp(stranger, next, '000000', strangerAddress), messages.server.otpTooManyTriesForAccount);

    // the contact's owner is not held back by it
    const owner = await signedInCustomer(api, 'Asha Rao');
    expect((await sendOtp(owner, next, '198.51.100.12')).status).to.equal(200);
    const otp = await otpFromOutbox(stays.dataDir, international(next));
    expect((await verifyOtp(owner, next, otp, '198.51.100.12')).status).to.equal(200);

    clock += 24 * 3600 * SECOND + 60 * SECOND;
    expect((await sendOtp(stranger, newContact(), strangerAddress)).status, 'a day later').to.equal(200);
  });

  it('slows down wrong tries from one address over many accounts, not tries from other addresses', async () => {
    const [sharedAddress, otherAddress] = ['203.0.113.13', '198.51.100.13'];
    const accountsNeeded = Math.ceil(otpThrottlePolicies.wrongTriesPerClient.freeAttempts / limits.otpWrongTriesPerGuestPerDay);
    let triesLeft = otpThrottlePolicies.wrongTriesPerClient.freeAttempts;
    for (let n = 0; n < accountsNeeded; n++) {
      const account = await signedInCustomer(api, 'Stranger');
      for (let contacts = 0; contacts < limits.otpWrongTriesPerGuestPerDay / limits.otpWrongTriesPerGuestAndContactPerDay && triesLeft > 0; contacts++) {
        const codes = Math.min(2, Math.ceil(triesLeft / limits.otpWrongTriesPerCode));
        await guessWrong(account, newContact(), sharedAddress, codes);
        triesLeft -= codes * limits.otpWrongTriesPerCode;
      }
    }

    const fresh = await signedInCustomer(api, 'Stranger');
    const contact = newContact();
    expect((await sendOtp(fresh, contact, sharedAddress)).status).to.equal(200);
    const otp = await otpFromOutbox(stays.dataDir, international(contact));
    const slowed = await verifyOtp(fresh, contact, wrongCodeFor(otp), sharedAddress);
    expectRefused(slowed, messages.server.tooManyOtpTriesFromNetwork(Number(slowed.headers.get('retry-after'))));
    expect((await verifyOtp(fresh, contact, otp, otherAddress)).status, 'from another address').to.equal(200);
  });
});
