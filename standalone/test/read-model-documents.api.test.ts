/**
 * A read model's documents over HTTP: auditors page, filter and sort them on the query side
 * (each read recorded in their trail with the filter's shape, never its values), and the
 * operator reads the same through the operator's documents call, paging by `_id` as an
 * export does. Refusals say what is wrong; only reading filters run.
 */
import { expect } from 'chai';
import type { AuditReadModelDocuments } from '@stays/contracts';
import { physicalCollection, type DocumentsAnswer } from '@stays/projections';
import { ApiClient } from './support/http-client.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from './support/accounts.ts';
import { hotelWithRoom } from './support/stays.ts';
import { operatorToken } from './support/operator.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const AUDITOR = { email: 'documents.auditor@example.in', password: 'ledger-keeper-2024' };

describe('read model documents for auditors and the operator', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;
  let auditor: { id: string; token: string };
  let guest: SignedIn;
  const guests: SignedIn[] = [];

  before(async () => {
    stays = await startTestSystem({ env: { BOOTSTRAP_AUDITOR_EMAIL: AUDITOR.email, BOOTSTRAP_AUDITOR_PASSWORD: AUDITOR.password } });
    api = new ApiClient(stays.baseUrl);
    await hotelWithRoom(api, await signedInOwner(api));
    for (let i = 0; i < 23; i++) guests.push(await signedInCustomer(api, `Guest ${String(i).padStart(2, '0')}`));
    guest = guests[7]!;
    const login = await api.post('/audit/login', AUDITOR);
    auditor = { id: login.body.data.user._id, token: login.body.data.accessToken };
  });
  after(async () => stays.destroy());

  const documents = (query: string, token = auditor.token) => api.get(`/audit/read-models/accounts/documents?${query}`, { token });

  it('pages, filters and sorts a version of a model for an auditor', async () => {
    const first = await documents('collection=customers');
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    const page1 = first.body.data as AuditReadModelDocuments;
    expect(page1).to.include({ model: 'accounts', collection: 'customers', state: 'live', page: 1, pageSize: 20, total: 23 });
    expect(page1.collections).to.include.members(['customers', 'owners', 'auditors', 'sessions']);
    expect(page1.items).to.have.length(20);
    const page2 = (await documents('collection=customers&page=2')).body.data as AuditReadModelDocuments;
    expect(page2.items).to.have.length(3);
    const ids = [...page1.items, ...page2.items].map((item) => item._id);
    expect(new Set(ids).size).to.equal(23);

    const byEmail = await documents(`collection=customers&filter=${encodeURIComponent(JSON.stringify({ email: guest.email }))}`);
    expect(byEmail.body.data.total).to.equal(1);
    expect(byEmail.body.data.items[0]).to.include({ _id: guest.id, email: guest.email });
    const sorted = await documents(
      `collection=customers&sort=${encodeURIComponent('{"name":-1}')}&filter=${encodeURIComponent('{"name":{"$regex":"^Guest 1"}}')}`,
    );
    expect(sorted.body.data.items.map((item: { name: string }) => item.name)).to.deep.equal(Array.from({ length: 10 }, (_, i) => `Guest 1${9 - i}`));
  });

  it('records each read with the filter masked, so the trail never holds a searched email', async () => {
    await documents(`collection=customers&filter=${encodeURIComponent(JSON.stringify({ email: guest.email, name: { $in: ['x'] } }))}`);
    const reads = (await stays.system.eventStore.readStream(`auditor-${auditor.id}`)).filter(
      (event) => event.type === 'AuditorReadRecorded' && event.data.what === 'read-model-documents',
    );
    expect(reads.length).to.be.greaterThan(0);
    expect(reads.at(-1)!.data.filters).to.deep.equal({ model: 'accounts', page: 1, collection: 'customers', filter: '{"email":"?","name":{"$in":["?"]}}' });
    expect(JSON.stringify(reads)).to.not.include(guest.email);
  });

  it('refuses bad queries with what is wrong, and callers who are not auditors', async () => {
    const refused = async (query: string, model = 'accounts') => {
      const answer = await api.get(`/audit/read-models/${model}/documents?${query}`, { token: auditor.token });
      return [answer.status, answer.body.message];
    };
    expect(await refused('collection=customers&filter=%7Bbad')).to.deep.equal([
      400,
      "The filter is not JSON (Expected property name or '}' in JSON at position 1)",
    ]);
    const where = await refused(`collection=customers&filter=${encodeURIComponent('{"$where":"sleep(1000)"}')}`);
    expect(where[0]).to.equal(400);
    expect(where[1]).to.match(/^the filter uses \$where, which is not allowed here/);
    // the panel opens on the first collection and offers the others
    const opened = (await documents('')).body.data as AuditReadModelDocuments;
    expect([opened.collection, opened.collections]).to.deep.equal(['customers', ['customers', 'owners', 'auditors', 'sessions']]);
    expect(await refused('collection=rooms')).to.deep.include(404);
    expect(await refused('collection=customers&version=99')).to.deep.include(404);
    expect((await refused('', 'nope'))[1]).to.match(
      /^no read model is named nope \(read models: accounts, availability, bookings, calendar-sync, hotels, occupancy\)$/,
    );
    expect((await documents('collection=customers', guests[0]!.token)).status).to.equal(403);
    expect((await api.get('/audit/read-models/accounts/documents')).status).to.equal(401);
  });

  it('answers the operator the documents of a model without personal fields, paged by _id, and refuses the rest without stopping', async () => {
    const owner = await signedInOwner(api);
    await hotelWithRoom(api, owner);
    const token = await operatorToken(stays.dataDir);
    const call = async (body: unknown, model = 'hotels') => {
      const response = await fetch(`${stays.baseUrl}/operator/read-models/${model}/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { data?: DocumentsAnswer; message?: string } };
    };
    const seen: unknown[] = [];
    let after: unknown;
    for (;;) {
      const page = await call({ collection: 'rooms', limit: 1, ...(after !== undefined && { after }) });
      expect(page.status, page.body.message).to.equal(200);
      seen.push(...page.body.data!.documents.map((document) => document._id));
      if (page.body.data!.documents.length < 1) break;
      after = page.body.data!.documents.at(-1)!._id;
    }
    const live = (await call({ collection: 'rooms' })).body.data!.version;
    const rooms = await stays.system.readStore.collection(physicalCollection('hotels', live, 'rooms')).find({}, { sort: { _id: 1 } });
    expect(seen).to.deep.equal(rooms.map((room) => room._id));
    expect(seen).to.have.length(2);

    // accounts holds names and emails: for auditors, whose reads are recorded
    const personal = await call({ collection: 'customers' }, 'accounts');
    expect(personal.status).to.equal(403);
    expect(personal.body.message).to.match(/^accounts reads personal fields, so its documents are for auditors/);
    const bad = await call({ collection: 'rooms', filter: { $where: 'true' } });
    expect(bad.status).to.equal(400);
    expect(bad.body.message).to.match(/^the filter uses \$where/);
    expect((await call({ collection: 'rooms', limit: 5000 })).body.message).to.equal('the limit is a whole number from 1 to 1000, not 5000');
    expect((await call({}, 'nope')).body.message).to.match(
      /^no read model is named nope \(read models: accounts, availability, bookings, calendar-sync, hotels, occupancy; a new file is read by `build nope`\)$/,
    );
    expect((await call([1])).status).to.equal(400);
    expect((await fetch(`${stays.baseUrl}/healthz`)).status).to.equal(200);
  });
});
