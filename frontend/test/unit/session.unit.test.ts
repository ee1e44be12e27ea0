import { expect } from 'chai';
import { messages, sessionStorageKeys, type SessionUser, type SignInResult } from '@stays/contracts';
import { sessionActions } from '../../src/features/session/session.slice.ts';
import { selectDataExport, selectNoticeFor } from '../../src/features/session/session.selectors.ts';
import { attachmentName } from '../../src/lib/downloads.ts';
import { errorText, withBlobAnswerRead } from '../../src/lib/errors.ts';
import { UnsuccessfulAnswer } from '../../src/lib/envelope.ts';
import { unauthorized } from '../../src/lib/api-client-hooks.ts';
import { tokenStorage } from '../../src/lib/persist.ts';
import { deferred, httpError, networkError, stubApis, testStore, until } from './support.ts';

const guest: SessionUser = { _id: 'u1', role: 'customer', name: 'Asha Guest', email: 'asha@example.com', username: 'asha' };
const signInAnswer = { data: { accessToken: 'token-1', user: guest } as SignInResult, message: 'Signed in successfully!' };
const signInNotice = selectNoticeFor('signIn');

describe('session saga (unit)', () => {
  beforeEach(() => {
    tokenStorage.clear();
    globalThis.localStorage?.clear?.();
  });

  it('signs in once however often the form is submitted while the call runs, and stores the token', async () => {
    const call = deferred<typeof signInAnswer>();
    let calls = 0;
    const store = testStore(
      stubApis({
        session: {
          signIn: () => {
            calls += 1;
            return call.promise;
          },
        },
      }),
    );
    store.dispatch(sessionActions.signInRequested({ role: 'customer', email: guest.email, password: 'secret-pass' }));
    store.dispatch(sessionActions.signInRequested({ role: 'customer', email: guest.email, password: 'secret-pass' }));
    expect(store.getState().session.loading).to.equal(true);
    call.resolve(signInAnswer);
    const state = await until(store, (s) => s.session.currentUser !== null);
    expect(calls).to.equal(1);
    expect(state.session).to.include({ loading: false, error: null });
    expect(signInNotice(state)).to.deep.equal({ form: 'signIn', ok: true, text: 'Signed in successfully!' });
    expect(tokenStorage.get()).to.equal('token-1');
  });

  it("shows the server's message, the spec's fallback, or 'No response from the server'", async () => {
    const failures = [
      [httpError(401, { success: false, message: 'Invalid email or password' }), 'Invalid email or password'],
      [httpError(500, { success: false, data: { message: 'From data.message' } }), 'From data.message'],
      [new UnsuccessfulAnswer(200), messages.ui.loginFailed],
      [networkError(), messages.ui.noResponse],
    ] as const;
    for (const [error, text] of failures) {
      const store = testStore(stubApis({ session: { signIn: () => Promise.reject(error) } }));
      store.dispatch(sessionActions.signInRequested({ role: 'hotel-owner', email: 'o@example.com', password: 'x' }));
      const state = await until(store, (s) => !s.session.loading);
      expect(state.session.error).to.equal(text);
      expect(signInNotice(state)).to.deep.equal({ form: 'signIn', ok: false, text });
      expect(state.session.currentUser).to.equal(null);
    }
  });

  it("uses the owner sign-up's own (sic) fallback text", async () => {
    const store = testStore(stubApis({ session: { registerOwner: () => Promise.reject(new UnsuccessfulAnswer(200)) } }));
    store.dispatch(sessionActions.signUpRequested({ role: 'hotel-owner', body: { name: 'O', email: 'o@example.com', password: 'password1' } }));
    const state = await until(store, (s) => s.session.notice !== null);
    expect(state.session.notice).to.deep.equal({ form: 'signUp', ok: false, text: 'An error occured. Please try again' });
  });

  it('persists the session under root (version 1) and restores it in a new store; sign-out clears user and token', async () => {
    const apis = stubApis({ session: { signIn: async () => signInAnswer, signOut: async () => ({ message: 'Signed out successfully!' }) } });
    const first = testStore(apis, true);
    first.dispatch(sessionActions.signInRequested({ role: 'customer', email: guest.email, password: 'secret-pass' }));
    await until(first, (s) => s.session.currentUser !== null);
    first.dispatch(sessionActions.roomSelected({ roomId: 'room-9' }));

    const second = testStore(apis, true);
    expect(second.getState().session).to.deep.include({ currentUser: guest, selectedRoom: 'room-9', loading: false });

    second.dispatch(sessionActions.signOutRequested());
    const state = await until(second, (s) => s.session.currentUser === null);
    expect(state.session.error).to.equal(null);
    expect(tokenStorage.get()).to.equal(null);
    expect(testStore(apis, true).getState().session.currentUser).to.equal(null);
    expect(sessionStorageKeys).to.deep.equal({ root: 'root', rootVersion: 1, accessToken: 'accessToken' });
  });

  it('ends the session when the API answers 401', async () => {
    const store = testStore(stubApis({ session: { signIn: async () => signInAnswer } }), true);
    store.dispatch(sessionActions.signInRequested({ role: 'customer', email: guest.email, password: 'secret-pass' }));
    await until(store, (s) => s.session.currentUser !== null);
    unauthorized();
    const state = await until(store, (s) => s.session.currentUser === null);
    expect(state.session.currentUser).to.equal(null);
    expect(tokenStorage.get()).to.equal(null);
  });

  it('stores the returned user after a profile update', async () => {
    const updated = { ...guest, username: 'asha-new' };
    const store = testStore(
      stubApis({ session: { signIn: async () => signInAnswer, updateCustomer: async () => ({ data: updated, message: messages.ui.userUpdated }) } }),
    );
    store.dispatch(sessionActions.signInRequested({ role: 'customer', email: guest.email, password: 'secret-pass' }));
    await until(store, (s) => s.session.currentUser !== null);
    store.dispatch(sessionActions.updateRequested({ form: new FormData() }));
    const state = await until(store, (s) => s.session.currentUser?.username === 'asha-new');
    expect(state.session.notice).to.deep.equal({ form: 'update', ok: true, text: 'User is updated successfully!' });
  });

  it("downloads the signed-in person's data once however often the button is pressed while it runs, for their role", async () => {
    const call = deferred<{ filename: string }>();
    const roles: string[] = [];
    const owner = { ...guest, role: 'hotel-owner' as const };
    const store = testStore(
      stubApis({
        session: {
          signIn: async () => ({ ...signInAnswer, data: { ...signInAnswer.data, user: owner } }),
          downloadMyData: (role) => {
            roles.push(role);
            return call.promise;
          },
        },
      }),
    );
    store.dispatch(sessionActions.signInRequested({ role: 'hotel-owner', email: guest.email, password: 'secret-pass' }));
    await until(store, (s) => s.session.currentUser !== null);
    store.dispatch(sessionActions.dataExportRequested());
    store.dispatch(sessionActions.dataExportRequested());
    expect(selectDataExport(store.getState())).to.deep.equal({ status: 'loading', error: null });
    call.resolve({ filename: 'stays-my-data-2026-11-22.json' });
    const state = await until(store, (s) => s.session.dataExport.status !== 'loading');
    expect(roles).to.deep.equal(['hotel-owner']);
    expect(selectDataExport(state)).to.deep.equal({ status: 'saved', error: null });
  });

  it("tells a failed download with the server's message, or the download's own fallback", async () => {
    const failures = [
      [httpError(503, { success: false, statusCode: 503, message: messages.server.exportBusy }), messages.server.exportBusy],
      [httpError(500, undefined), messages.ui.downloadMyDataFailed],
      [networkError(), messages.ui.noResponse],
    ] as const;
    for (const [error, text] of failures) {
      const store = testStore(stubApis({ session: { downloadMyData: () => Promise.reject(error) } }));
      store.dispatch(sessionActions.dataExportRequested());
      const state = await until(store, (s) => s.session.dataExport.status === 'failed');
      expect(state.session.dataExport.error).to.equal(text);
      expect(state.session.notice).to.equal(null);
    }
  });

  it('reads the refusal of a download asked for as a Blob, so its message can be shown', async () => {
    const refusal = httpError(
      503,
      new Blob([JSON.stringify({ success: false, statusCode: 503, message: messages.server.exportBusy })], { type: 'application/json' }),
    );
    expect(errorText(await withBlobAnswerRead(refusal), messages.ui.downloadMyDataFailed)).to.equal(messages.server.exportBusy);
    const garbled = httpError(502, new Blob(['<html>Bad gateway</html>'], { type: 'text/html' }));
    expect(errorText(await withBlobAnswerRead(garbled), messages.ui.downloadMyDataFailed)).to.equal(messages.ui.downloadMyDataFailed);
  });

  it('saves a download under the name the server gives, or a fallback', () => {
    expect(attachmentName('attachment; filename="stays-my-data-2026-11-22.json"', 'x.json')).to.equal('stays-my-data-2026-11-22.json');
    expect(attachmentName(undefined, 'x.json')).to.equal('x.json');
    expect(attachmentName('attachment; filename="../etc/passwd"', 'x.json')).to.equal('x.json');
  });
});
