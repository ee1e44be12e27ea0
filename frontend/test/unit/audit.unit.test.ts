/**
 * The dashboard's sagas against a real store (the feature injected as the screens do) with
 * the API provided: sign-in and its token, a history verified event by event, the as-of
 * and log reads, the streamed export with progress and stop.
 */
import { expect } from 'chai';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import type { AuditEntry, AuditRecord, SignedTreeHead } from '@stays/contracts';
import type { AuditApi, ExportProgress } from '../../src/features/audit/api/audit-api.ts';
import { selectAuditor, selectTimeline, selectVerdict, selectVerifiedCount } from '../../src/features/audit/audit.selectors.ts';
import { auditActions, type AuditState } from '../../src/features/audit/audit.slice.ts';
import { installAudit } from '../../src/features/audit/install.ts';
import { sessionActions } from '../../src/features/session/session.slice.ts';
import { tokenStorage } from '../../src/lib/persist.ts';
import { deferred, httpError, stubApis, testStore, until } from './support.ts';

const unexpected = (name: string) => () => Promise.reject(new Error(`unexpected call ${name}`));
function stubAuditApi(overrides: Partial<AuditApi> = {}): AuditApi {
  return {
    signIn: unexpected('signIn'),
    signOut: unexpected('signOut'),
    bookings: unexpected('bookings'),
    hotels: unexpected('hotels'),
    history: unexpected('history'),
    asOf: unexpected('asOf'),
    records: unexpected('records'),
    publicKey: unexpected('publicKey'),
    treeHead: unexpected('treeHead'),
    inclusionProof: unexpected('inclusionProof'),
    readModels: unexpected('readModels'),
    readModelDocuments: unexpected('readModelDocuments'),
    exportLog: unexpected('exportLog'),
    saveFile: () => undefined,
    ...overrides,
  };
}

function auditStore(api: AuditApi, recheckMs?: number) {
  const store = testStore(stubApis());
  installAudit(store, api, recheckMs);
  const audit = () => (store.getState() as unknown as { audit: AuditState }).audit;
  return { store, audit };
}

// A two-leaf log signed by a notary key: this test's own RFC 8785 (flat records sort
// trivially) and RFC 9162 hashing, so the saga's verdicts come from real proofs.
const jcs = (value: Record<string, unknown>): string =>
  `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${typeof value[key] === 'object' ? jcs(value[key] as Record<string, unknown>) : JSON.stringify(value[key])}`)
    .join(',')}}`;
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const record = (i: number, type: string): AuditRecord => ({
  id: `e${i}`,
  streamId: 'booking-BK1',
  type,
  revision: i,
  position: i,
  data: { bookingID: 'BK1' },
  metadata: { actor: 'c1' },
  recordedAt: `2026-11-22T10:0${i}:00.000Z`,
});
const records = [record(0, 'InvoiceIssued'), record(1, 'BookingEmailSent'), record(2, 'BookingCancelled')];
const leaves = records.map((r) => sha(Buffer.from([0]), Buffer.from(jcs(r as unknown as Record<string, unknown>))));
const root = sha(Buffer.from([1]), leaves[0]!, leaves[1]!);
const keys = generateKeyPairSync('ed25519');
const publicKey = { kty: 'OKP' as const, crv: 'Ed25519' as const, x: keys.publicKey.export({ format: 'jwk' }).x! };
const fields = { treeSize: 2, rootHash: root.toString('hex'), timestamp: '2026-11-22T10:05:00.000Z' };
const head: SignedTreeHead = { ...fields, signature: sign(null, Buffer.from(jcs(fields)), keys.privateKey).toString('base64url') };
const fieldsOfOne = { treeSize: 1, rootHash: leaves[0]!.toString('hex'), timestamp: '2026-11-22T10:01:00.000Z' };
const signedHeadOfOne: SignedTreeHead = { ...fieldsOfOne, signature: sign(null, Buffer.from(jcs(fieldsOfOne)), keys.privateKey).toString('base64url') };
const entry = (i: number, data: Record<string, unknown> = { bookingID: 'BK1' }): AuditEntry => ({
  leafIndex: i,
  record: records[i]!,
  data,
  actor: { id: 'system', role: 'system', name: 'Stays' },
});

const verifyingApi = (overrides: Partial<AuditApi> = {}) =>
  stubAuditApi({
    history: async () => ({
      bookingID: 'BK1',
      entries: [entry(0), entry(1), entry(2, { bookingID: 'BK1', customerId: 'c1', cancelledAt: '2026-11-22T10:02:00Z' })],
    }),
    publicKey: async () => publicKey,
    treeHead: async () => head,
    inclusionProof: async (leafIndex, treeSize) => ({ leafIndex, treeSize, auditPath: treeSize === 1 ? [] : [leaves[1 - leafIndex]!.toString('hex')] }),
    ...overrides,
  });

describe('audit dashboard sagas (unit)', () => {
  beforeEach(() => {
    tokenStorage.clear();
    globalThis.localStorage?.clear?.();
  });

  it("signs an auditor in: a guest's session here ends, the auditor's token is kept, and a guest's later sign-in ends the auditor's", async () => {
    const apis = stubApis({
      session: {
        signIn: async () => ({ data: { accessToken: 'guest-token', user: { _id: 'c1', role: 'customer', name: 'Asha', email: 'a@x.in' } }, message: 'ok' }),
      },
    });
    const store = testStore(apis);
    store.dispatch(sessionActions.signInRequested({ role: 'customer', email: 'a@x.in', password: 'x' }));
    await until(store, (s) => s.session.currentUser !== null);
    installAudit(
      store,
      stubAuditApi({
        signIn: async () => ({
          data: { accessToken: 'auditor-token', user: { _id: 'a1', name: 'Meera Auditor', email: 'auditor@stays.demo' } },
          message: 'Signed in successfully!',
        }),
      }),
    );
    store.dispatch(auditActions.signInRequested({ email: 'auditor@stays.demo', password: 'secret' }));
    const state = await until(store, (s) => selectAuditor(s) !== null);
    expect(selectAuditor(state)).to.deep.equal({ _id: 'a1', name: 'Meera Auditor', email: 'auditor@stays.demo' });
    expect(state.session.currentUser).to.equal(null);
    expect(tokenStorage.get()).to.equal('auditor-token');

    store.dispatch(sessionActions.signInRequested({ role: 'customer', email: 'a@x.in', password: 'x' }));
    const after = await until(store, (s) => s.session.currentUser !== null);
    expect(selectAuditor(after)).to.equal(null);
  });

  it("shows the server's sign-in refusal and keeps nobody signed in", async () => {
    const { store, audit } = auditStore(
      stubAuditApi({ signIn: () => Promise.reject(httpError(401, { success: false, message: 'Invalid email or password' })) }),
    );
    store.dispatch(auditActions.signInRequested({ email: 'x@y.in', password: 'bad' }));
    await until(store, () => !audit().signIn.loading && audit().signIn.error !== null);
    expect(audit().signIn.error).to.equal('Invalid email or password');
    expect(audit().auditor).to.equal(null);
  });

  it("ends the auditor's session on a 401 and on sign-out (told to the server), and forgets the token", async () => {
    let signedOut = 0;
    const { store, audit } = auditStore(
      stubAuditApi({
        signIn: async () => ({ data: { accessToken: 't', user: { _id: 'a1', name: 'A', email: 'a@s.in' } }, message: 'ok' }),
        signOut: async () => {
          signedOut += 1;
          if (signedOut > 1) throw httpError(401, { success: false, message: 'Please sign in again' });
          return { message: 'Signed out' };
        },
      }),
    );
    store.dispatch(auditActions.signInRequested({ email: 'a@s.in', password: 'p' }));
    await until(store, () => audit().auditor !== null);
    store.dispatch(sessionActions.expired());
    expect(audit().auditor).to.equal(null);
    store.dispatch(auditActions.signInRequested({ email: 'a@s.in', password: 'p' }));
    await until(store, () => audit().auditor !== null);
    store.dispatch(auditActions.signOutRequested());
    await until(store, () => audit().auditor === null);
    expect(tokenStorage.get()).to.equal(null);
    expect(signedOut).to.equal(1);
    // a sign-out the server refuses still ends the session here
    store.dispatch(auditActions.signInRequested({ email: 'a@s.in', password: 'p' }));
    await until(store, () => audit().auditor !== null);
    store.dispatch(auditActions.signOutRequested());
    await until(store, () => audit().auditor === null);
    expect(tokenStorage.get()).to.equal(null);
  });

  it('loads a history and verifies each event in the log against the signed head; an event newer than the head is not yet signed', async () => {
    const proofsAsked: string[] = [];
    const { store } = auditStore(
      verifyingApi({
        inclusionProof: async (leafIndex, treeSize) => {
          proofsAsked.push(`${leafIndex}@${treeSize}`);
          return { leafIndex, treeSize, auditPath: [leaves[1 - leafIndex]!.toString('hex')] };
        },
      }),
    );
    store.dispatch(auditActions.historyRequested({ bookingID: 'BK1' }));
    const state = await until(store, (s) => selectTimeline(s).length === 3 && selectTimeline(s).every((row) => row.verdict.verified !== 'checking'));
    expect(selectTimeline(state).map((row) => row.verdict)).to.deep.equal([
      { verified: true, treeSize: 2 },
      { verified: true, treeSize: 2 },
      { verified: false, reason: 'pending' },
    ]);
    expect(proofsAsked.sort()).to.deep.equal(['0@2', '1@2']);
    expect(selectVerifiedCount(state)).to.deep.equal({ verified: 2, total: 3 });
    const cancelled = selectTimeline(state)[2]!;
    expect(cancelled).to.include({
      time: '22 Nov 2026, 15:32:00',
      actor: 'Stays',
      role: 'System',
      happened: 'Booking cancelled by the guest at 22 Nov 2026, 15:32:00',
    });
  });

  it('marks an event whose record the server altered as not verified, and one without a proof as unavailable', async () => {
    const altered = { ...entry(0), record: { ...records[0]!, data: { bookingID: 'BK2' } } };
    const { store } = auditStore(
      verifyingApi({
        history: async () => ({ bookingID: 'BK1', entries: [altered, entry(1)] }),
        inclusionProof: async (leafIndex, treeSize) => {
          if (leafIndex === 1) throw httpError(500, {});
          return { leafIndex, treeSize, auditPath: [leaves[1]!.toString('hex')] };
        },
      }),
    );
    store.dispatch(auditActions.historyRequested({ bookingID: 'BK1' }));
    const state = await until(store, (s) => selectTimeline(s).length === 2 && selectTimeline(s).every((row) => row.verdict.verified !== 'checking'));
    expect(selectTimeline(state).map((row) => row.verdict)).to.deep.equal([
      { verified: false, reason: 'proof' },
      { verified: false, reason: 'unavailable' },
    ]);
  });

  it("verifies each row of the log browser's page in the browser, as the timeline does, without undoing the timeline's verdicts", async () => {
    const { store, audit } = auditStore(
      verifyingApi({
        history: async () => ({ bookingID: 'BK1', entries: [entry(0)] }),
        records: async () => ({ items: [entry(1), entry(2)], page: 1, pageSize: 50, total: 2 }),
      }),
    );
    store.dispatch(auditActions.historyRequested({ bookingID: 'BK1' }));
    await until(store, (s) => selectTimeline(s).length === 1 && selectTimeline(s)[0]!.verdict.verified === true);
    store.dispatch(auditActions.logRequested({ query: { page: '1' } }));
    const state = await until(store, (s) => audit().log.result !== null && [1, 2].every((leafIndex) => selectVerdict(s, leafIndex).verified !== 'checking'));
    expect([0, 1, 2].map((leafIndex) => selectVerdict(state, leafIndex))).to.deep.equal([
      { verified: true, treeSize: 2 },
      { verified: true, treeSize: 2 },
      { verified: false, reason: 'pending' },
    ]);
  });

  it('checks again what it could not verify yet: events newer than the head, and a head not signed yet', async () => {
    let heads = 0;
    const { store } = auditStore(
      verifyingApi({
        history: async () => ({ bookingID: 'BK1', entries: [entry(0), entry(1)] }),
        treeHead: async () => {
          heads += 1;
          if (heads === 1) throw httpError(404, { success: false, message: 'No tree head yet' });
          return heads === 2 ? signedHeadOfOne : head;
        },
      }),
      5,
    );
    store.dispatch(auditActions.historyRequested({ bookingID: 'BK1' }));
    const state = await until(store, (s) => selectTimeline(s).length === 2 && selectTimeline(s).every((row) => row.verdict.verified === true));
    expect(selectTimeline(state).map((row) => row.verdict)).to.deep.equal([
      { verified: true, treeSize: 2 },
      { verified: true, treeSize: 2 },
    ]);
    expect(heads).to.equal(3);
  });

  it('asks for the booking as of a moment; a newer request supersedes an older one', async () => {
    const first = deferred<never>();
    const asked: string[] = [];
    const { store, audit } = auditStore(
      stubAuditApi({
        asOf: (bookingID, at, signal) => {
          asked.push(at);
          if (asked.length === 1) {
            signal?.addEventListener('abort', () => first.reject(new Error('aborted')));
            return first.promise;
          }
          return Promise.resolve({
            bookingID,
            asOf: at,
            state: { status: 'placed' },
            stoppedAt: { leafIndex: 0, type: 'BookingPlaced', position: 1, recordedAt: at },
            changed: ['status'],
          });
        },
      }),
    );
    store.dispatch(auditActions.asOfRequested({ bookingID: 'BK1', at: '2026-11-22T10:00:00.000Z' }));
    store.dispatch(auditActions.asOfRequested({ bookingID: 'BK1', at: '2026-11-22T10:01:00.000Z' }));
    await until(store, () => audit().asOf.status === 'succeeded');
    expect(audit().asOf.result?.asOf).to.equal('2026-11-22T10:01:00.000Z');
    expect(audit().asOf.at).to.equal('2026-11-22T10:01:00.000Z');
    expect(asked).to.have.length(2);
  });

  it('suggests hotels for a name once typing pauses, asking only for the last name typed, and none under two letters', async () => {
    const asked: string[] = [];
    const { store, audit } = auditStore(
      stubAuditApi({
        hotels: (name) => {
          asked.push(name);
          return Promise.resolve([{ hotelID: 'h1', hotelName: 'Sea Breeze Residency', city: 'Mumbai' }]);
        },
      }),
    );
    for (const name of ['s', 'se', 'sea']) store.dispatch(auditActions.hotelSuggestionsRequested({ name }));
    await until(store, () => audit().hotelSuggestions.items.length === 1);
    expect(asked).to.deep.equal(['sea']);
    expect(audit().hotelSuggestions).to.deep.equal({ name: 'sea', items: [{ hotelID: 'h1', hotelName: 'Sea Breeze Residency', city: 'Mumbai' }] });
    store.dispatch(auditActions.hotelSuggestionsRequested({ name: 's' }));
    expect(audit().hotelSuggestions.items).to.deep.equal([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).to.deep.equal(['sea']);
  });

  it("loads the read models' versions, again on request, and shows the server's refusal", async () => {
    const versions = {
      head: 41,
      models: [
        {
          name: 'bookings',
          live: 2,
          versions: [
            { version: 2, state: 'live' as const, position: 41, caughtUp: true, lag: 0, documents: 14 },
            { version: 3, state: 'building' as const, position: 20, caughtUp: false, lag: 21, documents: 7 },
          ],
        },
      ],
    };
    let calls = 0;
    const { store, audit } = auditStore(
      stubAuditApi({
        readModels: async () => {
          calls++;
          if (calls === 2) throw httpError(403, { success: false, statusCode: 403, message: 'Only auditors may do this' });
          return versions;
        },
      }),
    );
    store.dispatch(auditActions.readModelsRequested());
    await until(store, () => audit().readModels.status === 'succeeded');
    expect(audit().readModels.result).to.deep.equal(versions);
    store.dispatch(auditActions.readModelsRequested());
    await until(store, () => audit().readModels.status === 'failed');
    expect(audit().readModels).to.deep.equal({ status: 'failed', error: 'Only auditors may do this', result: null });
  });

  it("pages a read model's documents with a filter; a newer request supersedes an older one; closing forgets them", async () => {
    const asked: [string, unknown][] = [];
    const first = deferred<never>();
    let firstAborted = false;
    const page = (items: Record<string, unknown>[]) => ({
      model: 'hotels',
      version: 1,
      state: 'live' as const,
      collection: 'hotels',
      collections: ['hotels', 'rooms'],
      items,
      page: 2,
      pageSize: 20,
      total: 21,
    });
    const { store, audit } = auditStore(
      stubAuditApi({
        readModelDocuments: async (model, query, signal) => {
          asked.push([model, query]);
          if (asked.length === 1) {
            signal?.addEventListener('abort', () => (firstAborted = true));
            return first.promise;
          }
          if (query.filter === '{bad')
            throw httpError(400, { success: false, statusCode: 400, message: "The filter is not JSON (Expected property name or '}' in JSON at position 1)" });
          return page([{ _id: 'h21', city: 'Pune' }]);
        },
      }),
    );
    store.dispatch(auditActions.documentsRequested({ model: 'hotels', query: { collection: 'hotels' } }));
    store.dispatch(auditActions.documentsRequested({ model: 'hotels', query: { collection: 'hotels', filter: '{"city":"Pune"}', page: '2' } }));
    await until(store, () => audit().documents.status === 'succeeded');
    expect(firstAborted).to.equal(true);
    expect(asked[1]).to.deep.equal(['hotels', { collection: 'hotels', filter: '{"city":"Pune"}', page: '2' }]);
    expect(audit().documents.result?.items).to.deep.equal([{ _id: 'h21', city: 'Pune' }]);
    expect(audit().documents.model).to.equal('hotels');

    // a refused filter keeps the page shown and says why
    store.dispatch(auditActions.documentsRequested({ model: 'hotels', query: { collection: 'hotels', filter: '{bad' } }));
    await until(store, () => audit().documents.status === 'failed');
    expect(audit().documents.error).to.equal("The filter is not JSON (Expected property name or '}' in JSON at position 1)");
    expect(audit().documents.result?.items).to.have.length(1);
    store.dispatch(auditActions.documentsClosed());
    expect(audit().documents).to.deep.equal({ status: 'idle', error: null, result: null, model: null, query: {} });
  });

  it('streams an export with its progress and saves the file; a stop aborts the download', async () => {
    const saved: string[] = [];
    let progress!: (p: ExportProgress) => void;
    const finish = deferred<{ events: number; bytes: number; file: Blob }>();
    let aborted = false;
    const { store, audit } = auditStore(
      stubAuditApi({
        exportLog: (_query, signal, onProgress) => {
          progress = onProgress;
          signal.addEventListener('abort', () => {
            aborted = true;
          });
          return finish.promise;
        },
        saveFile: (_blob, fileName) => saved.push(fileName),
      }),
    );
    store.dispatch(auditActions.exportRequested({ query: { category: 'booking' }, fileName: 'log.ndjson' }));
    expect(audit().export).to.deep.equal({ status: 'running', events: 0, bytes: 0 });
    await until(store, () => progress !== undefined);
    progress({ events: 120, bytes: 64_000 });
    await until(store, () => audit().export.status === 'running' && (audit().export as { events: number }).events === 120);
    finish.resolve({ events: 250, bytes: 130_000, file: new Blob(['{}\n']) });
    await until(store, () => audit().export.status === 'done');
    expect(audit().export).to.deep.equal({ status: 'done', events: 250, fileName: 'log.ndjson' });
    expect(saved).to.deep.equal(['log.ndjson']);

    store.dispatch(auditActions.exportRequested({ query: {}, fileName: 'all.ndjson' }));
    store.dispatch(auditActions.exportStopRequested());
    await until(store, () => audit().export.status === 'stopped');
    expect(aborted).to.equal(true);
    expect(saved).to.deep.equal(['log.ndjson']);
  });
});
