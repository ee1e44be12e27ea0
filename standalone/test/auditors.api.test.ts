import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { routes, type AuditBookingAsOf, type AuditEntry, type RouteSpec } from '@stays/contracts';
import { ApiClient } from './support/http-client.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from './support/accounts.ts';
import { bookedStay, hotelWithRoom } from './support/stays.ts';
import { auditLogCaughtUp } from './support/audit-log.ts';
import { operatorToken } from './support/operator.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const AUDITOR = { email: 'chief.auditor@example.in', password: 'ledger-keeper-2024' };
const BOOTSTRAP = { BOOTSTRAP_AUDITOR_EMAIL: AUDITOR.email, BOOTSTRAP_AUDITOR_PASSWORD: AUDITOR.password };
const REPO = path.resolve(import.meta.dirname, '../..');

/** Every auditor route of the table, with a path that names a real booking. */
const auditRoutes = (bookingID: string): [string, RouteSpec, string][] =>
  (Object.entries(routes) as [string, RouteSpec][])
    .filter(([, route]) => route.auth === 'auditor')
    .map(([name, route]) => [name, route, route.path.replace(':bookingID', bookingID).replace(':name', 'hotels')]);

const queryOf: Record<string, string> = {
  auditInclusionProof: '?leafIndex=0&treeSize=1',
  auditConsistencyProof: '?first=1&second=1',
  auditHotels: '?name=sahyadri',
};

describe('auditors over HTTP', function () {
  this.timeout(90_000);
  let stays: TestSystem;
  let api: ApiClient;
  let owner: SignedIn;
  let guest: SignedIn;
  let auditor: { token: string; id: string };
  let paidID: string;
  let cancelledID: string;
  let hotelId: string;

  const signInAuditor = async (credentials = AUDITOR) => {
    const response = await api.post('/audit/login', credentials);
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return { token: response.body.data.accessToken as string, id: response.body.data.user._id as string };
  };
  const call = (route: RouteSpec, path: string, token?: string) =>
    route.method === 'GET' ? api.get(path, { ...(token && { token }) }) : api.post(path, {}, { ...(token && { token }) });
  const history = async (bookingID: string): Promise<AuditEntry[]> => {
    await auditLogCaughtUp(stays.system);
    const response = await api.get(`/audit/bookings/${bookingID}/history`, { token: auditor.token });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body.data.entries;
  };
  const asOf = async (bookingID: string, time: string): Promise<AuditBookingAsOf> => {
    const response = await api.get(`/audit/bookings/${bookingID}?asOf=${encodeURIComponent(time)}`, { token: auditor.token });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body.data;
  };

  before(async () => {
    stays = await startTestSystem({ env: BOOTSTRAP });
    api = new ApiClient(stays.baseUrl);
    owner = await signedInOwner(api);
    guest = await signedInCustomer(api, 'Meera Iyer');
    ({ hotelId } = await hotelWithRoom(api, owner));
    paidID = await bookedStay(stays, api, guest, hotelId);
    expect((await api.post(`/hotel/owner/booking/paid/${paidID}`, {}, { token: owner.token })).status).to.equal(200);
    cancelledID = await bookedStay(stays, api, guest, hotelId);
    expect((await api.post(`/hotel/booking/cancel/${cancelledID}`, {}, { token: guest.token })).status).to.equal(200);
    auditor = await signInAuditor();
    await auditLogCaughtUp(stays.system);
  });
  after(async () => stays?.destroy());

  it('signs the bootstrap auditor in with the envelope of the other sign-ins, and refuses a wrong password alike', async () => {
    const response = await api.post('/audit/login', AUDITOR);
    expect(response.body).to.deep.include({ success: true, statusCode: 200 });
    expect(response.body.data.user).to.deep.equal({ _id: auditor.id, role: 'auditor', name: AUDITOR.email, email: AUDITOR.email });
    const wrong = await api.post('/audit/login', { ...AUDITOR, password: 'not-the-password' });
    const unknown = await api.post('/audit/login', { email: 'nobody@example.in', password: AUDITOR.password });
    for (const refused of [wrong, unknown]) expect(refused.body).to.deep.equal({ success: false, statusCode: 401, message: 'Invalid email or password' });
    // a guest's credentials do not open an auditor session
    expect((await api.post('/audit/login', { email: guest.email, password: 'monsoon-rains-2024' })).status).to.equal(401);
  });

  it('lets only auditor tokens through the audit routes: 401 without a token, 403 for guests and owners', async () => {
    expect(auditRoutes(paidID).map(([name]) => name)).to.include.members([
      'auditorLogout',
      'auditBookings',
      'auditBookingHistory',
      'auditBookingAsOf',
      'auditLogRecords',
      'auditLogExport',
    ]);
    for (const [name, route, path] of auditRoutes(paidID)) {
      const withQuery = path + (queryOf[name] ?? '');
      const anonymous = await call(route, withQuery);
      expect(anonymous.status, `${name} without a token`).to.equal(401);
      expect(anonymous.body).to.include({ success: false, statusCode: 401 });
      for (const [who, token] of [
        ['guest', guest.token],
        ['owner', owner.token],
      ] as const) {
        const refused = await call(route, withQuery, token);
        expect(refused.status, `${name} with a ${who} token`).to.equal(403);
        expect(refused.body).to.include({ success: false, statusCode: 403 });
      }
      // signing out is an auditor route too: tried last, below, with a session of its own
      if (name === 'auditorLogout') continue;
      const allowed = await call(route, withQuery, auditor.token);
      expect(allowed.status, `${name} with an auditor token: ${JSON.stringify(allowed.body)}`).to.equal(200);
    }
  });

  it("opens no guest's or owner's route with an auditor token", async () => {
    expect((await api.get(`/user/get/all/bookings/${auditor.id}`, { token: auditor.token })).status).to.equal(403);
    expect((await api.get('/hotel/owner/get/hotel/id', { token: auditor.token })).status).to.equal(403);
    expect((await api.post('/user/logout', {}, { token: auditor.token })).status).to.equal(403);
    expect((await api.post(`/hotel/booking/cancel/${paidID}`, {}, { token: auditor.token })).status).to.equal(403);
    expect((await api.patch('/hotel/owner/update/profile', { name: 'Auditor Owner' }, { token: auditor.token })).status).to.equal(403);
  });

  it('finds bookings by id, guest email (any case), hotel, first night and status', async () => {
    const search = async (query: string) => {
      const response = await api.get(`/audit/bookings?${query}`, { token: auditor.token });
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      return response.body.data as {
        items: { bookingID: string; status: string; guestEmail: string; guestName: string; payableAmount: number }[];
        total: number;
        page: number;
      };
    };
    const byId = await search(`bookingID=${paidID}`);
    expect(byId.items.map((b) => b.bookingID)).to.deep.equal([paidID]);
    // the guest named on the booking (the contact they verified), not the account's name
    expect(byId.items[0]).to.include({ guestName: 'Asha Rao', status: 'upcoming' });
    expect(byId.items[0]!.payableAmount).to.be.greaterThan(0);
    const byEmail = await search(`guestEmail=${encodeURIComponent(byId.items[0]!.guestEmail.toUpperCase())}`);
    expect(byEmail.items.map((b) => b.bookingID)).to.include(paidID);
    expect((await search('status=cancelled')).items.map((b) => b.bookingID)).to.deep.equal([cancelledID]);
    expect((await search('status=upcoming')).items.map((b) => b.bookingID)).to.deep.equal([paidID]);
    expect((await search('status=completed')).total).to.equal(0);
    expect((await search('from=2000-01-01&to=2000-12-31')).total).to.equal(0);
    expect((await search('page=2')).items).to.deep.equal([]);
    const bad = await api.get('/audit/bookings?status=someday', { token: auditor.token });
    expect(bad.status).to.equal(400);
    expect(bad.body).to.include({ success: false, statusCode: 400 });
  });

  it("suggests hotels by any part of their name, and finds bookings by hotel name and 'paid', combined with the other filters, each search recorded", async () => {
    const suggested = await api.get('/audit/hotels?name=SAHYADRI%20res', { token: auditor.token });
    expect(suggested.status, JSON.stringify(suggested.body)).to.equal(200);
    expect(suggested.body.data.items).to.deep.equal([{ hotelID: hotelId, hotelName: 'Hotel Sahyadri Residency', city: suggested.body.data.items[0].city }]);
    expect((await api.get('/audit/hotels?name=.*', { token: auditor.token })).body.data.items).to.deep.equal([]);
    expect((await api.get('/audit/hotels', { token: auditor.token })).status, 'a name is needed').to.equal(400);

    const search = async (query: string) => {
      const response = await api.get(`/audit/bookings?${query}`, { token: auditor.token });
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      return (response.body.data.items as { bookingID: string; paid: boolean }[]).map((booking) => [booking.bookingID, booking.paid]);
    };
    expect(await search('hotelName=sahyadri')).to.have.deep.members([
      [paidID, true],
      [cancelledID, false],
    ]);
    expect(await search('status=paid')).to.deep.equal([[paidID, true]]);
    const email = (await api.get(`/audit/bookings?bookingID=${cancelledID}`, { token: auditor.token })).body.data.items[0].guestEmail as string;
    expect(await search(`hotelName=sahyadri&status=cancelled&guestEmail=${encodeURIComponent(email)}`)).to.deep.equal([[cancelledID, false]]);
    expect(await search(`hotelID=${hotelId}&status=paid`)).to.deep.equal([[paidID, true]]);
    expect(await search('hotelName=no%20such%20hotel')).to.deep.equal([]);

    // every search is in the auditor's trail with its filters, the guest's email only as its keyed digest; suggestions are not reads
    const reads = (await stays.system.eventStore.readStream(`auditor-${auditor.id}`)).filter((event) => event.type === 'AuditorReadRecorded');
    const searches = reads.filter((event) => event.data.what === 'bookings').map((event) => event.data.filters as Record<string, unknown>);
    expect(searches).to.deep.include({ hotelName: 'sahyadri', status: 'cancelled', guestEmailDigest: stays.system.streamNames.email(email), page: 1 });
    expect(searches).to.deep.include({ status: 'paid', page: 1 });
    expect(JSON.stringify(reads)).to.not.include(email);
    expect(reads.map((event) => event.data.what)).to.not.include('hotels');
  });

  it("gives a paid booking's history across its streams in log order, the records as stored and who did each", async () => {
    const entries = await history(paidID);
    const types = entries.map((entry) => entry.record.type);
    expect(types).to.include.members([
      'OtpIssued',
      'ContactVerified',
      'UnitsReserved',
      'GuestBookingHeld',
      'BookingPlaced',
      'InvoiceIssued',
      'BookingEmailSent',
      'BookingPaymentReceived',
    ]);
    expect(types.indexOf('ContactVerified')).to.be.lessThan(types.indexOf('BookingPlaced'));
    expect(types.indexOf('BookingPlaced')).to.be.lessThan(types.indexOf('InvoiceIssued'));
    expect(types.at(-1)).to.equal('BookingPaymentReceived');
    const leaves = entries.map((entry) => entry.leafIndex);
    expect(leaves).to.deep.equal([...leaves].sort((a, b) => a - b));
    // records exactly as the log stores them (personal fields encrypted), data revealed
    const stored = await stays.system.rawEventStore.readAll();
    for (const entry of entries) expect(entry.record).to.deep.equal(stored[entry.leafIndex]);
    const placed = entries.find((entry) => entry.record.type === 'BookingPlaced')!;
    expect(placed.actor).to.deep.equal({ id: guest.id, role: 'customer', name: 'Meera Iyer' });
    // every event about the booking names it, so the log browser links it to this history
    expect(
      entries.filter((entry) => entry.record.type !== 'OtpIssued' && entry.record.type !== 'ContactVerified').every((entry) => entry.bookingID === paidID),
    ).to.equal(true);
    expect(placed.data).to.include({ bookingID: paidID, customerName: 'Asha Rao', customerId: guest.id });
    expect(placed.record.data.customerName).to.match(/^pd2\./);
    // the notary keeps hashes and keys, not records: the ciphertext is in the log, nowhere in the notary's files
    const notaryDir = path.join(stays.dataDir, 'notary');
    const notaryText = (await Promise.all((await readdir(notaryDir)).map((name) => readFile(path.join(notaryDir, name), 'latin1')))).join('');
    expect(notaryText).to.include('"BookingPaymentReceived"');
    expect(notaryText).to.not.include(placed.record.data.customerName as string);
    expect(placed.record.metadata.contactStream).to.match(/^contact-k[0-9a-f]{64}$/);
    expect(entries.find((entry) => entry.record.type === 'BookingPaymentReceived')!.actor).to.deep.include({ id: owner.id, role: 'hotel-owner' });
    expect(entries.find((entry) => entry.record.type === 'InvoiceIssued')!.actor).to.deep.equal({
      id: 'system:booking-documents',
      role: 'system',
      name: 'Stays',
    });
    // the contact verification of this booking only, not the one of the guest's other booking
    expect(types.filter((type) => type === 'ContactVerified')).to.have.length(1);
  });

  it("gives a cancelled booking's history with its units and hold given back", async () => {
    const types = (await history(cancelledID)).map((entry) => entry.record.type);
    expect(types).to.include.members(['BookingPlaced', 'InvoiceIssued', 'BookingEmailSent', 'BookingCancelled', 'UnitsReleased', 'BookingNoticeSent']);
    expect(types).to.not.include('BookingPaymentReceived');
    expect(types.indexOf('BookingCancelled')).to.be.greaterThan(types.indexOf('BookingPlaced'));
  });

  for (const [label, last] of [
    ['paid', 'BookingPaymentReceived'],
    // the cancellation's last record: the owner told of it
    ['cancelled', 'BookingNoticeSent'],
  ] as const) {
    it(`shows the ${label} booking as of just before and at each of its events, folded with the command side's evolve`, async () => {
      const bookingID = label === 'paid' ? paidID : cancelledID;
      const own = (await history(bookingID)).filter((entry) => entry.record.streamId === `booking-${bookingID}`);
      expect(own.map((entry) => entry.record.type).at(-1)).to.equal(last);
      const first = own[0]!;
      const before = await asOf(bookingID, new Date(Date.parse(first.record.recordedAt) - 1).toISOString());
      expect(before).to.deep.include({ state: null, stoppedAt: null });
      for (const [index, entry] of own.entries()) {
        const time = entry.record.recordedAt;
        const at = await asOf(bookingID, time);
        const lastAtOrBefore = own.filter((other) => Date.parse(other.record.recordedAt) <= Date.parse(time)).at(-1)!;
        expect(at.stoppedAt).to.deep.equal({
          leafIndex: lastAtOrBefore.leafIndex,
          type: lastAtOrBefore.record.type,
          position: lastAtOrBefore.record.position,
          recordedAt: time,
        });
        const justBefore = await asOf(bookingID, new Date(Date.parse(time) - 1).toISOString());
        const previous = own.filter((other) => Date.parse(other.record.recordedAt) < Date.parse(time)).at(-1);
        expect(justBefore.stoppedAt?.leafIndex ?? null, `just before ${entry.record.type}`).to.equal(previous?.leafIndex ?? null);
        if (index === 0) expect(at.state).to.deep.include({ status: 'placed', invoice: null, emailSent: false, paid: false });
        if (index === 0) expect(at.changed).to.include.members(['status', 'booking.bookingID', 'booking.hotelName', 'paid']);
        // what each later event changed, the state before it against after it
        const changedBy: Record<string, string[]> = {
          InvoiceIssued: ['invoice.url', 'invoice.mediaId', 'invoice.afterCancellation', 'invoice'],
          BookingEmailSent: ['emailSent'],
          BookingPaymentReceived: ['paid', 'paidAt'],
          BookingCancelled: ['status', 'cancellation.cancelledAt', 'cancellation.chargeAmount', 'cancellation.refundAmount', 'cancellation'],
        };
        if (index > 0 && changedBy[entry.record.type] !== undefined && lastAtOrBefore === entry)
          expect(at.changed, entry.record.type).to.have.members(changedBy[entry.record.type]!);
      }
      const now = await asOf(bookingID, new Date().toISOString());
      expect(now.state).to.deep.include(
        label === 'paid' ? { status: 'placed', paid: true, emailSent: true } : { status: 'cancelled', paid: false, emailSent: true },
      );
      expect((now.state as { invoice: { url: string } }).invoice.url).to.be.a('string');
      expect((now.state as { booking: { bookingID: string } }).booking.bookingID).to.equal(bookingID);
    });
  }

  it('answers 404 for a booking the log does not know, 400 for an as-of that is not a time', async () => {
    expect((await api.get('/audit/bookings/NOSUCHBOOKING/history', { token: auditor.token })).status).to.equal(404);
    expect((await api.get('/audit/bookings/NOSUCHBOOKING', { token: auditor.token })).status).to.equal(404);
    const bad = await api.get(`/audit/bookings/${paidID}?asOf=yesterday`, { token: auditor.token });
    expect(bad.status).to.equal(400);
    expect(bad.body).to.include({ success: false, statusCode: 400 });
  });

  it('browses the log by category, type, actor and time in log order, and exports the same filter as NDJSON', async () => {
    await auditLogCaughtUp(stays.system);
    const records = await api.get('/audit/log/records?category=booking&type=BookingPlaced', { token: auditor.token });
    expect(records.status).to.equal(200);
    const page = records.body.data as { items: AuditEntry[]; total: number; pageSize: number; page: number };
    expect(page.total).to.equal(2);
    expect(page.items.map((entry) => entry.data.bookingID)).to.deep.equal([paidID, cancelledID]);
    expect(page.items.map((entry) => entry.bookingID)).to.deep.equal([paidID, cancelledID]);
    const byActor = await api.get(`/audit/log/records?actor=${owner.id}&type=BookingPaymentReceived`, { token: auditor.token });
    expect(byActor.body.data.items.map((entry: AuditEntry) => entry.data.bookingID)).to.deep.equal([paidID]);
    const bySystem = await api.get('/audit/log/records?actor=system&category=booking', { token: auditor.token });
    expect(bySystem.body.data.items.map((entry: AuditEntry) => entry.record.type)).to.include.members(['InvoiceIssued', 'BookingEmailSent']);
    expect(bySystem.body.data.items.every((entry: AuditEntry) => entry.actor.role === 'system')).to.equal(true);
    const future = await api.get('/audit/log/records?from=2999-01-01', { token: auditor.token });
    expect(future.body.data.total).to.equal(0);
    const all = await api.get('/audit/log/records', { token: auditor.token });
    const allLeaves = all.body.data.items.map((entry: AuditEntry) => entry.leafIndex);
    expect(allLeaves.slice(0, 3)).to.deep.equal([0, 1, 2]);

    const exported = await fetch(api.url('/audit/log/export?category=booking'), { headers: { Authorization: `Bearer ${auditor.token}` } });
    expect(exported.status).to.equal(200);
    expect(exported.headers.get('content-type')).to.match(/^application\/x-ndjson/);
    const lines = (await exported.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as AuditEntry);
    expect(lines).to.have.length(Number(exported.headers.get('x-total-count')));
    expect(lines.every((entry) => entry.record.streamId.startsWith('booking-'))).to.equal(true);
    const listed = await api.get('/audit/log/records?category=booking', { token: auditor.token });
    expect(lines.slice(0, listed.body.data.items.length)).to.deep.equal(listed.body.data.items);
  });

  it("records every auditor read on the auditor's stream, a guest's email only as its hash", async () => {
    await api.get(`/audit/bookings?guestEmail=${encodeURIComponent(guest.email)}`, { token: auditor.token });
    await history(paidID);
    await asOf(paidID, new Date().toISOString());
    await api.get('/audit/log/records?type=BookingPlaced', { token: auditor.token });
    await (await fetch(api.url('/audit/log/export?type=BookingPlaced'), { headers: { Authorization: `Bearer ${auditor.token}` } })).text();
    const reads = (await stays.system.eventStore.readStream(`auditor-${auditor.id}`)).filter((event) => event.type === 'AuditorReadRecorded');
    const whats = reads.map((event) => event.data.what);
    expect(whats).to.include.members(['bookings', 'booking-history', 'booking-as-of', 'log-records', 'log-export']);
    for (const event of reads) expect(event.metadata.actor).to.equal(auditor.id);
    expect(reads.filter((event) => event.data.what === 'booking-history').map((event) => event.data.bookingID)).to.include(paidID);
    expect(reads.find((event) => event.data.what === 'log-records' && (event.data.filters as Record<string, unknown>).type === 'BookingPlaced')).to.not.equal(
      undefined,
    );
    const emailDigest = stays.system.streamNames.email(guest.email);
    expect(
      reads.filter((event) => event.data.what === 'bookings' && (event.data.filters as Record<string, unknown>).guestEmailDigest === emailDigest),
    ).to.have.length(1);
    expect(JSON.stringify(reads)).to.not.include(createHash('sha256').update(guest.email.toLowerCase()).digest('hex'));
    expect(JSON.stringify(reads)).to.not.include(guest.email);
    // an auditor's reads are not the booking's history
    expect((await history(paidID)).map((entry) => entry.record.type)).to.not.include('AuditorReadRecorded');
  });

  it('signs an auditor out: the token is refused from then on', async () => {
    const session = await signInAuditor();
    expect((await api.post('/audit/logout', {}, { token: session.token })).status).to.equal(200);
    const after = await api.get('/audit/log/records', { token: session.token });
    expect(after.status).to.equal(401);
    expect((await api.post('/audit/logout', {}, { token: guest.token })).status).to.equal(403);
  });
});

describe('auditor accounts: bootstrap and the CLI', function () {
  this.timeout(90_000);

  // asynchronous: the CLI may call the test system this process serves
  const addWithCli = (dataDir: string, email: string, password: string, env: Record<string, string> = {}) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'command-service/src/auditors/cli.ts', 'add', email], {
        cwd: REPO,
        env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', ...env },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.on('error', reject).on('close', (status) => resolve({ status, stdout, stderr }));
      child.stdin.end(`${password}\n`);
    });
  const auditorAdds = async (stays: TestSystem) => (await stays.system.eventStore.readAll()).filter((event) => event.type === 'AuditorAdded');

  it('adds the bootstrap auditor on the first start only, keeping its password when the variables change', async () => {
    let stays = await startTestSystem({ env: BOOTSTRAP });
    const dataDir = stays.dataDir;
    try {
      expect(await auditorAdds(stays)).to.have.length(1);
      // the bootstrap auditor does not keep the demo data out of a fresh system
      expect(stays.system.startedOnEmptyLog).to.equal(true);
      await stays.stop();
      stays = await startTestSystem({ dataDir, env: { ...BOOTSTRAP, BOOTSTRAP_AUDITOR_PASSWORD: 'another-password-2025' } });
      expect(await auditorAdds(stays)).to.have.length(1);
      expect(stays.system.startedOnEmptyLog).to.equal(false);
      const api = new ApiClient(stays.baseUrl);
      expect((await api.post('/audit/login', AUDITOR)).status).to.equal(200);
      expect((await api.post('/audit/login', { ...AUDITOR, password: 'another-password-2025' })).status).to.equal(401);
    } finally {
      await stays.destroy();
    }
  });

  it('refuses a start with only one of BOOTSTRAP_AUDITOR_EMAIL and _PASSWORD', async () => {
    let error: unknown;
    try {
      await startTestSystem({ env: { BOOTSTRAP_AUDITOR_EMAIL: AUDITOR.email } });
    } catch (caught) {
      error = caught;
    }
    expect(String(error)).to.include('BOOTSTRAP_AUDITOR_PASSWORD');
  });

  it('refuses a start whose bootstrap password breaks the sign-up rules, naming the variable', async () => {
    let error: unknown;
    try {
      await startTestSystem({ env: { ...BOOTSTRAP, BOOTSTRAP_AUDITOR_PASSWORD: 'short' } });
    } catch (caught) {
      error = caught;
    }
    expect(String(error)).to.equal('ConfigError: BOOTSTRAP_AUDITOR_PASSWORD: Password must be at least 8 characters.');
  });

  it('adds auditors with `npm run auditor -- add` beside a running `npm start` and on a stopped embedded log, refusing a taken email and a short password', async () => {
    let stays = await startTestSystem();
    const dataDir = stays.dataDir;
    try {
      // the running product owns the log: the CLI hands the account to it through its operator call
      const running = { OPERATOR_URL: stays.baseUrl };
      const handed = await addWithCli(dataDir, 'Second.Auditor@example.in', 'ledger-keeper-2025', running);
      expect(handed.status, handed.stderr).to.equal(0);
      expect(handed.stdout).to.include('auditor Second.Auditor@example.in added');
      let api = new ApiClient(stays.baseUrl);
      const login = await api.post('/audit/login', { email: 'second.auditor@example.in', password: 'ledger-keeper-2025' });
      expect(login.status, JSON.stringify(login.body)).to.equal(200);
      expect(login.body.data.user.role).to.equal('auditor');
      const taken = await addWithCli(dataDir, 'second.auditor@example.in', 'another-password-1', running);
      expect(taken.status).to.equal(1);
      expect(taken.stderr.trim()).to.equal('An auditor with this email already exists');
      const wrongToken = await addWithCli(dataDir, 'third.auditor@example.in', 'ledger-keeper-2025', { ...running, OPERATOR_TOKEN: 'x'.repeat(32) });
      expect(wrongToken.status).to.equal(1);
      expect(wrongToken.stderr.trim()).to.equal('the operator token is missing or wrong');
      const post = async (body: string) => {
        const response = await fetch(`${stays.baseUrl}/operator/auditors`, {
          method: 'POST',
          body,
          headers: { authorization: `Bearer ${await operatorToken(dataDir)}`, 'content-type': 'application/json' },
        });
        return { status: response.status, body: await response.json() };
      };
      expect(await post('{"email":"fourth.auditor@example.in"}')).to.deep.equal({
        status: 400,
        body: { success: false, message: 'an auditor is added with {"email": "…", "password": "…"}', statusCode: 400 },
      });
      expect((await post('{"email":')).body).to.deep.equal({ success: false, message: 'the body of an operator call must be JSON', statusCode: 400 });
      expect((await post(JSON.stringify({ email: 'fourth.auditor@example.in', password: 'x'.repeat(20_000) }))).status).to.equal(413);
      // nothing is written through a call the token did not open or the body did not hold
      expect(await auditorAdds(stays)).to.have.length(1);

      await stays.stop();
      const added = await addWithCli(dataDir, 'Third.Auditor@example.in', 'ledger-keeper-2025');
      expect(added.status, added.stderr).to.equal(0);
      expect(added.stdout).to.include('auditor Third.Auditor@example.in added');
      const again = await addWithCli(dataDir, 'third.auditor@example.in', 'another-password-1');
      expect(again.status).to.equal(1);
      expect(again.stderr).to.include('An auditor with this email already exists');
      const short = await addWithCli(dataDir, 'fourth.auditor@example.in', 'short');
      expect(short.status).to.equal(1);
      expect(short.stderr).to.include('Password must be at least 8 characters.');
      stays = await startTestSystem({ dataDir });
      api = new ApiClient(stays.baseUrl);
      const third = await api.post('/audit/login', { email: 'third.auditor@example.in', password: 'ledger-keeper-2025' });
      expect(third.status, JSON.stringify(third.body)).to.equal(200);
      expect(await auditorAdds(stays)).to.have.length(2);
    } finally {
      await stays.destroy();
    }
  });
});
