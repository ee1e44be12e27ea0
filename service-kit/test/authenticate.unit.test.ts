import { expect } from 'chai';
import type { Context } from 'koa';
import type { Auth, TokenRole } from '@stays/contracts';
import { ForbiddenError, TokenIssuer, TokenVerifier, UnauthorizedError, authenticate, generateSigningKeys } from '../src/index.ts';

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
    const ctx = { get: (name: string) => (name === 'Authorization' ? header : ''), state: {} } as unknown as Context;
    try {
      await authenticate(verifier, async () => (sessionOpen ? sessionRole : null), required)(ctx, async () => undefined);
      return 'passes';
    } catch (error) {
      if (error instanceof ForbiddenError) return '403';
      if (error instanceof UnauthorizedError) return '401';
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
});
