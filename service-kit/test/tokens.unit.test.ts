import { expect } from 'chai';
import { InvalidTokenError, TokenIssuer, TokenVerifier, generateSigningKeys } from '../src/index.ts';

const SETTINGS = { issuer: 'stays', audience: 'stays-api' };
const CLAIMS = { accountId: 'account-1', role: 'customer', sessionId: 'session-1' } as const;

describe('access token verification, remembered between calls', () => {
  it('accepts a token again while it is valid and refuses it from the second it expires', async () => {
    const keys = await generateSigningKeys();
    const issuedAt = new Date('2026-11-22T10:00:00.000Z');
    const { token } = await new TokenIssuer(keys.privateKey, { ...SETTINGS, ttlSeconds: 60 }).issue(CLAIMS, issuedAt);
    let now = issuedAt.getTime();
    const verifier = new TokenVerifier(keys.publicKey, SETTINGS, () => now);
    expect(await verifier.verify(token)).to.deep.equal(CLAIMS);
    now += 59_999;
    expect(await verifier.verify(token)).to.deep.equal(CLAIMS);
    now += 1;
    const refused = await verifier.verify(token).catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(InvalidTokenError);
  });

  it('refuses a changed copy of a token it has accepted', async () => {
    const keys = await generateSigningKeys();
    const { token } = await new TokenIssuer(keys.privateKey, { ...SETTINGS, ttlSeconds: 600 }).issue(CLAIMS);
    const verifier = new TokenVerifier(keys.publicKey, SETTINGS);
    await verifier.verify(token);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'hotel-owner' })).toString('base64url')}.${signature}`;
    const refused = await verifier.verify(tampered).catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(InvalidTokenError);
    expect(await verifier.verify(token)).to.deep.equal(CLAIMS);
  });
});
