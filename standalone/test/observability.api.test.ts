/**
 * What an operator and an auditor see of a request: one JSON log line per call with its id,
 * route pattern, status and account, and no secret or personal field; the id answered in
 * `X-Request-Id` and found on the events the call appended; `/metrics`, outside the API
 * prefix, moving when a booking is placed.
 */
import path from 'node:path';
import { expect } from 'chai';
import { loggerInto } from '@stays/service-kit';
import { readOutbox } from '@stays/service-kit/testing';
import { ApiClient } from './support/http-client.ts';
import { signedInCustomer, signedInOwner } from './support/accounts.ts';
import { daysFromToday, international, newContact, otpFromOutbox } from './support/booking.ts';
import { strongPassword } from './support/fixtures.ts';
import { hotelWithRoom } from './support/stays.ts';
import { API, startTestSystem, type TestSystem } from './support/test-system.ts';

interface RequestLine {
  readonly msg: string;
  readonly requestId: string;
  readonly method: string;
  readonly route: string;
  readonly status: number;
  readonly durationMs: number;
  readonly accountId?: string;
  readonly time: string;
}

/** The value of one sample in Prometheus text format (0 when the series is not there yet). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

describe('logs, request ids and metrics over HTTP', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;
  const lines: string[] = [];
  const requestLines = () => lines.map((line) => JSON.parse(line) as RequestLine).filter((line) => line.msg === 'request');

  before(async () => {
    stays = await startTestSystem({ overrides: { logger: loggerInto((line) => lines.push(line)) } });
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  const metrics = async () => {
    const response = await fetch(`${stays.baseUrl}/metrics`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^text\/plain/);
    return response.text();
  };

  it('writes one line per request with its id, route pattern, status and account, keeps a safe incoming id and replaces an unsafe one', async () => {
    const owner = await signedInOwner(api);
    lines.length = 0;
    const kept = await api.get('/hotel/owner/get/hotel/id', { token: owner.token, headers: { 'X-Request-Id': 'gateway.req-42_a' } });
    expect(kept.headers.get('x-request-id')).to.equal('gateway.req-42_a');
    const replaced = await api.get('/hotel/data/get/specific/0123456789abcdef01234567', { headers: { 'X-Request-Id': 'two words' } });
    const newId = replaced.headers.get('x-request-id')!;
    expect(newId).to.match(/^[0-9a-f-]{36}$/);
    const tooLong = await api.get('/hotel/get/hotel/nope', { headers: { 'X-Request-Id': 'a'.repeat(65) } });
    expect(tooLong.headers.get('x-request-id')).to.have.length(36);

    const logged = requestLines();
    expect(logged).to.have.length(3);
    expect(logged.filter((line) => line.requestId === 'gateway.req-42_a')).to.have.length(1);
    expect(logged[0]).to.include({
      requestId: 'gateway.req-42_a',
      method: 'GET',
      route: '/hotel/owner/get/hotel/id',
      status: kept.status,
      accountId: owner.id,
    });
    expect(logged[0]!.durationMs).to.be.a('number');
    expect(Date.parse(logged[0]!.time)).to.be.closeTo(Date.now(), 60_000);
    // the route's pattern, never the raw path with its ids
    expect(logged[1]).to.include({ requestId: newId, route: '/hotel/data/get/specific/:hotelID' });
    expect(logged[1]).not.to.have.property('accountId');
  });

  it('logs no password, token, OTP, reset link or personal field of a sign-in, an OTP exchange and a reset request', async () => {
    const guest = await signedInCustomer(api);
    const contact = newContact('Meera Iyer');
    lines.length = 0;
    const signIn = await api.post('/user/login', { email: guest.email, password: strongPassword });
    expect(signIn.status).to.equal(200);
    const sent = await api.post('/hotel/booking/send/email/mobile', { ...contact, customerPhoneNumber: international(contact) }, { token: guest.token });
    expect(sent.status).to.equal(200);
    const otp = await otpFromOutbox(stays.dataDir, international(contact));
    const verified = await api.post(
      '/hotel/booking/verify/email/mobile',
      { otp, customerEmail: contact.customerEmail, customerPhoneNumber: international(contact) },
      { token: guest.token },
    );
    expect(verified.status).to.equal(200);
    const wrongPassword = await api.post('/user/login', { email: guest.email, password: 'not-the-password-1' });
    expect(wrongPassword.status).to.equal(401);
    expect((await api.post('/user/password/forgot', { email: guest.email })).status).to.equal(200);
    let resetEmail;
    for (let waited = 0; resetEmail === undefined && waited < 10_000; waited += 50) {
      resetEmail = (await readOutbox(path.join(stays.dataDir, 'outbox'))).find((message) => message.kind === 'email' && message.to === guest.email);
      if (resetEmail === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const resetToken = /token=([^"&\s]+)/.exec(resetEmail!.text ?? '')![1]!;

    expect(requestLines().map((line) => line.route)).to.deep.equal([
      '/user/login',
      '/hotel/booking/send/email/mobile',
      '/hotel/booking/verify/email/mobile',
      '/user/login',
      '/user/password/forgot',
    ]);
    const everything = lines.join('\n');
    for (const secret of [
      strongPassword,
      'not-the-password-1',
      signIn.body.data.accessToken as string,
      guest.token,
      otp,
      resetToken,
      guest.email,
      contact.customerEmail,
      contact.customerPhoneNumber,
      contact.customerName,
    ]) {
      expect(everything, secret).not.to.include(secret);
    }
  });

  it('puts the request id on every event a booking appends, and /metrics moves when the booking is placed', async () => {
    const owner = await signedInOwner(api);
    const guest = await signedInCustomer(api);
    const { hotelId } = await hotelWithRoom(api, owner);
    const contact = newContact();
    await api.post('/hotel/booking/send/email/mobile', { ...contact, customerPhoneNumber: international(contact) }, { token: guest.token });
    const otp = await otpFromOutbox(stays.dataDir, international(contact));
    await api.post(
      '/hotel/booking/verify/email/mobile',
      { otp, customerEmail: contact.customerEmail, customerPhoneNumber: international(contact) },
      { token: guest.token },
    );
    const before = await metrics();
    const head = (await stays.system.eventStore.headPosition()) ?? -1;

    const placed = await api.post(
      '/hotel/booking/book/hotel',
      {
        hotelID: hotelId,
        customerID: guest.id,
        ...contact,
        roomStandard: 'Deluxe',
        roomType: 'Room',
        numberOfRooms: 1,
        numberOfGuests: 1,
        numberOfNights: 1,
        dateOfBooking: daysFromToday(0),
        dateOfCommencement: daysFromToday(9),
        totalAmount: 1,
      },
      { token: guest.token, headers: { 'X-Request-Id': 'book-7f3a' } },
    );
    expect(placed.status, JSON.stringify(placed.body)).to.equal(201);
    expect(placed.headers.get('x-request-id')).to.equal('book-7f3a');
    const bookingID = placed.body.data.bookingID as string;

    // from the log line to the events it caused
    const line = requestLines().filter((candidate) => candidate.requestId === 'book-7f3a');
    expect(line).to.have.length(1);
    expect(line[0]).to.include({ route: '/hotel/booking/book/hotel', status: 201, accountId: guest.id });
    const appended = (await stays.system.eventStore.readAll({ after: head })).filter((event) => event.metadata.requestId === 'book-7f3a');
    expect(appended.map((event) => event.type)).to.include.members(['UnitsReserved', 'BookingPlaced']);
    for (const event of appended) expect(event.metadata.correlationId, event.type).to.equal(bookingID);

    const after = await metrics();
    const booked = { method: 'POST', route: '/hotel/booking/book/hotel', status: '201' };
    expect(sample(after, 'stays_http_requests_total', booked) - sample(before, 'stays_http_requests_total', booked)).to.equal(1);
    expect(sample(after, 'stays_http_request_duration_seconds_count', booked)).to.be.greaterThan(
      sample(before, 'stays_http_request_duration_seconds_count', booked),
    );
    expect(sample(after, 'stays_event_appends_total', { category: 'booking' })).to.be.greaterThan(
      sample(before, 'stays_event_appends_total', { category: 'booking' }),
    );
    expect(sample(after, 'stays_otp_codes_sent_total', {})).to.be.greaterThan(0);
    expect(after).to.match(/^stays_projection_position\{read_model="[^"]+"\} \d+$/m);
  });

  it('serves /metrics only outside the API prefix', async () => {
    expect((await fetch(`${stays.baseUrl}${API}/metrics`)).status).to.equal(404);
    expect((await fetch(`${stays.baseUrl}/metrics`, { method: 'POST' })).status).to.equal(405);
  });
});
