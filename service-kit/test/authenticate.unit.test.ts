import { expect } from 'chai';
import type { Context } from 'koa';
import { messages, type Auth, type TokenRole } from '@stays/contracts';
import {
  ForbiddenError,
  TokenIssuer,
  TokenVerifier,
  UnauthorizedError,
  accountAuthOf,
  auditorAuthOf,
  authOf,
  authenticate,
  generateSigningKeys,
} from '../src/index.ts';

const SETTINGS = { issuer: 'stays', audience: 'stays-api', ttlSeconds: 600 };

describe('authenticate: which token opens which route', () => {
  let issuer: TokenIssuer;
  let verifier: TokenVerifier;

  before(async () => {
    const keys = await generateSigningKeys();
    issuer = new TokenIssuer(keys.privateKey, SETTINGS);
    verifier = new TokenVerifier(keys.publicKey, SETTINGS);
  });

  /** What the route's middleware does with a token of `role`: 'passes', or the error it answers. */
  async function outcome(required: Exclude<Auth, 'none'>, role: TokenRole | null, sessionOpen = true, sessionRole: TokenRole | null = role): Promise<string> {
    const header = role === null ? '' : `Bearer ${(await issuer.issue({ accountId: `${role}-1`, role, sessionId: 's1' })).token}`;
    return (await answer(required, header, async () => (sessionOpen ? sessionRole : null))).split(' ')[0]!;
  }

  /** What the middleware answers to an Authorization header: 'passes', or the status and message it refuses with. */
  async function answer(required: Exclude<Auth, 'none'>, header: string, sessionRole: () => Promise<TokenRole | null>): Promise<string> {
    const ctx = { get: (name: string) => (name === 'Authorization' ? header : ''), state: {} } as unknown as Context;
    try {
      await authenticate(verifier, sessionRole, required)(ctx, async () => undefined);
      return 'passes';
    } catch (error) {
      if (error instanceof ForbiddenError) return `403 ${error.message}`;
      if (error instanceof UnauthorizedError) return `401 ${error.message}`;
      throw error;
    }
  }

  it("lets guests and owners through 'any' routes, never an auditor", async () => {
    expect(await outcome('any', 'customer')).to.equal('passes');
    expect(await outcome('any', 'hotel-owner')).to.equal('passes');
    expect(await outcome('any', 'auditor')).to.equal('403');
  });

  it('lets only auditors through auditor routes, and no auditor through a role of the others', async () => {
    expect(await outcome('auditor', 'auditor')).to.equal('passes');
    expect(await outcome('auditor', 'customer')).to.equal('403');
    expect(await outcome('auditor', 'hotel-owner')).to.equal('403');
    expect(await outcome('customer', 'auditor')).to.equal('403');
    expect(await outcome('hotel-owner', 'auditor')).to.equal('403');
  });

  it('refuses a missing token and a closed session before looking at the role', async () => {
    expect(await outcome('auditor', null)).to.equal('401');
    expect(await outcome('auditor', 'auditor', false)).to.equal('401');
    expect(await outcome('auditor', 'customer', false)).to.equal('401');
  });

  it("refuses a token whose role claim is not its session's, whatever the route", async () => {
    expect(await outcome('auditor', 'auditor', true, 'customer')).to.equal('401');
    expect(await outcome('any', 'hotel-owner', true, 'customer')).to.equal('401');
    expect(await outcome('customer', 'customer', true, 'hotel-owner')).to.equal('401');
  });

  it('says why: sign in first, sign in again, or which account the route needs', async () => {
    const token = async (role: TokenRole) => (await issuer.issue({ accountId: `${role}-1`, role, sessionId: 's1' })).token;
    const open = (role: TokenRole) => async () => role;
    expect(await answer('any', '', open('customer'))).to.equal(`401 ${messages.server.signInRequired}`);
    expect(await answer('any', `Bearer ${await token('customer')}`, async () => null)).to.equal(`401 ${messages.server.sessionInvalid}`);
    expect(await answer('any', `Bearer ${await token('auditor')}`, open('auditor'))).to.equal(`403 ${messages.server.wrongRole('guest or hotel owner')}`);
    expect(await answer('hotel-owner', `Bearer ${await token('customer')}`, open('customer'))).to.equal(`403 ${messages.server.wrongRole('hotel-owner')}`);
  });

  it('reads the token from a Bearer header in any case and spacing, and from nothing else', async () => {
    const token = (await issuer.issue({ accountId: 'c-1', role: 'customer', sessionId: 's1' })).token;
    const open = async (): Promise<TokenRole> => 'customer';
    for (const header of [`Bearer ${token}`, `bearer ${token}`, `BEARER \t ${token}  `])
      expect(await answer('customer', header, open), header).to.equal('passes');
    for (const header of [
      token,
      `Bearer${token}`,
      `Token ${token}`,
      `xBearer ${token}`,
      `Bearer ${token} extra`,
      `Bearer ${token}x!`,
      `Basic abc, Bearer ${token}`,
    ]) {
      expect(await answer('customer', header, open), header).to.equal(`401 ${messages.server.signInRequired}`);
    }
    expect(await answer('customer', `Bearer ${token}x`, open), 'a token changed but well formed').to.equal(`401 ${messages.server.sessionInvalid}`);
  });

  it("hands the verified claims to the route, and stops on a verifier's own failure rather than calling it a bad session", async () => {
    const token = (await issuer.issue({ accountId: 'a-1', role: 'auditor', sessionId: 's9' })).token;
    const ctx = { get: () => `Bearer ${token}`, state: {} } as unknown as Context;
    let seen: unknown;
    await authenticate(
      verifier,
      async () => 'auditor',
      'auditor',
    )(ctx, async () => {
      seen = [authOf(ctx), auditorAuthOf(ctx)];
    });
    const claims = { accountId: 'a-1', role: 'auditor', sessionId: 's9' };
    expect(seen).to.deep.equal([claims, claims]);
    expect(() => accountAuthOf(ctx)).to.throw('accountAuthOf called on a route an auditor may call');
    const guest = { state: { auth: { accountId: 'c-1', role: 'customer', sessionId: 's1' } } } as unknown as Context;
    expect(accountAuthOf(guest)).to.deep.equal({ accountId: 'c-1', role: 'customer', sessionId: 's1' });
    expect(() => auditorAuthOf(guest)).to.throw('auditorAuthOf called on a route that is not an auditor route');
    expect(() => authOf({ state: {} } as unknown as Context)).to.throw('authOf called on a route without authenticate()');
    const broken = { verify: async () => Promise.reject(new Error('key store unavailable')) } as unknown as TokenVerifier;
    const failed = await authenticate(broken, async () => 'auditor', 'auditor')(ctx, async () => undefined).catch((error: unknown) => error);
    expect((failed as Error).message).to.equal('key store unavailable');
  });
});
