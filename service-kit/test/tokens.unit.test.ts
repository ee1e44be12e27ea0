import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { InvalidTokenError, TokenIssuer, TokenVerifier, generateSigningKeys, type SigningKeys } from '../src/index.ts';

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

describe('access tokens: what is issued, and what is refused', () => {
  let keys: SigningKeys & { publicPem: string };
  let verifier: TokenVerifier;
  before(async () => {
    keys = await generateSigningKeys();
    verifier = new TokenVerifier(keys.publicKey, SETTINGS);
  });

  /** Why `token` is refused: the InvalidTokenError's message (the test fails if it is accepted). */
  const refusal = async (token: string): Promise<string> => {
    const refused = await verifier.verify(token).then(
      () => new Error('accepted'),
      (error: unknown) => error,
    );
    expect(refused, token).to.be.instanceOf(InvalidTokenError);
    expect((refused as Error).name).to.equal('InvalidTokenError');
    return (refused as Error).message;
  };
  const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  /** A token signed with the real key, with the claims given and no others. */
  const signed = (claims: Record<string, unknown>, set: (jwt: SignJWT) => SignJWT = (jwt) => jwt) =>
    set(new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' }).setIssuer(SETTINGS.issuer).setAudience(SETTINGS.audience)).sign(keys.privateKey);
  const complete = (jwt: SignJWT) =>
    jwt
      .setSubject('account-1')
      .setJti('session-1')
      .setIssuedAt()
      .setExpirationTime(nowSeconds() + 600);

  it('issues an EdDSA JWT naming the account, the role and the session, expiring its lifetime after it was issued', async () => {
    const issuedAt = new Date('2026-11-22T10:00:00.000Z');
    const issued = await new TokenIssuer(keys.privateKey, { ...SETTINGS, ttlSeconds: 3600 }).issue(CLAIMS, issuedAt);
    expect(issued.expiresAt.toISOString()).to.equal('2026-11-22T11:00:00.000Z');
    expect(decodeProtectedHeader(issued.token)).to.deep.equal({ alg: 'EdDSA', typ: 'JWT' });
    expect(decodeJwt(issued.token)).to.deep.equal({
      role: 'customer',
      sub: 'account-1',
      jti: 'session-1',
      iss: 'stays',
      aud: 'stays-api',
      iat: issuedAt.getTime() / 1000,
      exp: issuedAt.getTime() / 1000 + 3600,
    });
  });

  it('accepts a complete token for each role', async () => {
    for (const role of ['customer', 'hotel-owner', 'auditor']) {
      expect(await verifier.verify(await signed({ role }, complete))).to.deep.equal({ accountId: 'account-1', role, sessionId: 'session-1' });
    }
  });

  it('refuses a token without the account, the session, its expiry or the time it was issued, or with a role that is none of ours', async () => {
    const without = (claim: 'sub' | 'jti' | 'exp' | 'iat') => (jwt: SignJWT) => {
      if (claim !== 'sub') jwt.setSubject('account-1');
      if (claim !== 'jti') jwt.setJti('session-1');
      if (claim !== 'iat') jwt.setIssuedAt();
      if (claim !== 'exp') jwt.setExpirationTime(nowSeconds() + 600);
      return jwt;
    };
    for (const claim of ['sub', 'jti', 'exp', 'iat'] as const) {
      expect(await refusal(await signed({ role: 'customer' }, without(claim))), claim).to.equal('ERR_JWT_CLAIM_VALIDATION_FAILED');
    }
    expect(await refusal(await signed({}, complete))).to.equal('bad role claim');
    expect(await refusal(await signed({ role: 'admin' }, complete))).to.equal('bad role claim');
    expect(await refusal(await signed({ role: ['customer'] }, complete))).to.equal('bad role claim');
  });

  it('refuses another issuer or audience, another key, no signature and an HMAC keyed with the public key', async () => {
    const other = await generateSigningKeys();
    const claims = { role: 'customer' };
    expect(
      await refusal(
        await complete(new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('other').setAudience(SETTINGS.audience)).sign(keys.privateKey),
      ),
    ).to.equal('ERR_JWT_CLAIM_VALIDATION_FAILED');
    expect(
      await refusal(
        await complete(new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA' }).setIssuer(SETTINGS.issuer).setAudience('other')).sign(keys.privateKey),
      ),
    ).to.equal('ERR_JWT_CLAIM_VALIDATION_FAILED');
    expect(
      await refusal(
        await complete(new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA' }).setIssuer(SETTINGS.issuer).setAudience(SETTINGS.audience)).sign(
          other.privateKey,
        ),
      ),
    ).to.equal('ERR_JWS_SIGNATURE_VERIFICATION_FAILED');
    const payload = b64url(decodeJwt(await signed(claims, complete)));
    expect(await refusal(`${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`)).to.equal('ERR_JOSE_ALG_NOT_ALLOWED');
    const header = b64url({ alg: 'HS256', typ: 'JWT' });
    const hmac = createHmac('sha256', keys.publicPem).update(`${header}.${payload}`).digest('base64url');
    expect(await refusal(`${header}.${payload}.${hmac}`)).to.equal('ERR_JOSE_ALG_NOT_ALLOWED');
  });

  it('refuses what is no token, and says an expired one expired whether it was remembered or not', async () => {
    expect(await refusal('')).to.equal('ERR_JWS_INVALID');
    expect(await refusal('a.b.c')).to.equal('ERR_JWS_INVALID');
    const issuedAt = new Date('2026-11-22T10:00:00.000Z');
    const { token } = await new TokenIssuer(keys.privateKey, { ...SETTINGS, ttlSeconds: 60 }).issue(CLAIMS, issuedAt);
    let now = issuedAt.getTime() + 60_000;
    expect(await new TokenVerifier(keys.publicKey, SETTINGS, () => now).verify(token).catch((error: Error) => error.message), 'first seen expired').to.equal(
      'ERR_JWT_EXPIRED',
    );
    now = issuedAt.getTime();
    const remembering = new TokenVerifier(keys.publicKey, SETTINGS, () => now);
    await remembering.verify(token);
    now += 60_000;
    expect(await remembering.verify(token).catch((error: Error) => error.message), 'remembered, then expired').to.equal('ERR_JWT_EXPIRED');
  });
});
