/**
 * Verifying a Google ID token against a local stand-in for Google's key set: the identity a
 * good token gives (and what of its claims is trusted), every token refused as not Google's
 * for us, and a key set that cannot be had answered as Google being unreachable (503), not
 * as a bad credential.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { SignJWT, createLocalJWKSet, createRemoteJWKSet, exportJWK, generateKeyPair } from 'jose';
import { messages } from '@stays/contracts';
import { ServiceUnavailableError } from '@stays/service-kit';
import { createGoogleVerifier, verifiedGoogleIdentity, type GoogleIdentity } from '../../src/accounts/google-id-token.ts';
import { freePort } from '../../../standalone/test/support/free-port.ts';
import { GOOGLE_CLIENT_ID, idToken, startLocalGoogle } from '../../../standalone/test/support/google.ts';

class Refused extends Error {}
const refusal = () => new Refused('refused');

/** What verifying `credential` ends in: the identity, 'refused' (not a credential for us) or the error thrown. */
async function outcome(verify: (credential: string) => Promise<GoogleIdentity>, credential: string): Promise<GoogleIdentity | 'refused' | Error> {
  try {
    return await verify(credential);
  } catch (error) {
    return error instanceof Refused ? 'refused' : (error as Error);
  }
}

describe('Google ID tokens', function () {
  this.timeout(20_000);
  let google: Awaited<ReturnType<typeof startLocalGoogle>>;
  let verify: (credential: string) => Promise<GoogleIdentity>;
  const email = 'asha.rao@gmail.com';

  before(async () => {
    google = await startLocalGoogle();
    const verifier = createGoogleVerifier({ clientId: GOOGLE_CLIENT_ID, jwksUrl: google.jwksUrl });
    verify = (credential) => verifiedGoogleIdentity(verifier, credential, refusal);
  });
  after(async () => google.close());

  it('gives the identity of a good token: subject, email, whether Google verified it, name, picture and when it was issued', async () => {
    const issuedAt = Math.floor(Date.now() / 1000) - 30;
    const token = await idToken(
      google.privateKey,
      { email, email_verified: true, name: '  Asha Rao ', picture: 'https://lh3.googleusercontent.com/a/x' },
      { issuedAt },
    );
    expect(await verify(token)).to.deep.equal({
      subject: 'google-user-1',
      email,
      emailVerified: true,
      name: 'Asha Rao',
      picture: 'https://lh3.googleusercontent.com/a/x',
      issuedAt: new Date(issuedAt * 1000),
    });
  });

  it('trusts only what Google says of an email as verified, names by the email without a name, and keeps only an https picture', async () => {
    const identity = async (claims: Record<string, unknown>) => (await verify(await idToken(google.privateKey, { email, ...claims }))) as GoogleIdentity;
    expect((await identity({ email_verified: 'true' })).emailVerified, "the string Google's older tokens carry").to.equal(true);
    for (const unverified of [false, 'false', 'yes', 1, undefined])
      expect((await identity({ email_verified: unverified })).emailVerified, String(unverified)).to.equal(false);
    expect((await identity({})).name).to.equal('asha.rao');
    expect((await identity({ name: '   ' })).name).to.equal('asha.rao');
    expect((await identity({ name: 42 })).name).to.equal('asha.rao');
    expect(await identity({ picture: 'http://example.com/p.png' })).not.to.have.property('picture');
    expect(await identity({ picture: 'javascript:alert(1)' })).not.to.have.property('picture');
    expect(await identity({ picture: 'http://example.com/?next=https://p.png' })).not.to.have.property('picture');
    expect(await identity({ picture: ['https://example.com/p.png'] })).not.to.have.property('picture');
  });

  it('takes either of the issuers Google writes, and only those', async () => {
    expect(await outcome(verify, await idToken(google.privateKey, { email }, { issuer: 'accounts.google.com' }))).to.include({ email });
    expect(await outcome(verify, await idToken(google.privateKey, { email }, { issuer: 'https://accounts.google.com.evil.example' }))).to.equal('refused');
  });

  it('refuses a token for another audience, from another issuer, expired, signed by another key or in another way, without a subject, issue time or email, or no token at all', async () => {
    const other = await generateKeyPair('RS256');
    const signed = (build: SignJWT, key = google.privateKey) => build.setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(key);
    const base = () => new SignJWT({ email }).setIssuer('https://accounts.google.com').setAudience(GOOGLE_CLIENT_ID);
    const tokens: Record<string, string> = {
      'another audience': await idToken(google.privateKey, { email }, { audience: 'someone-else.apps.googleusercontent.com' }),
      'another issuer': await idToken(google.privateKey, { email }, { issuer: 'https://evil.example' }),
      expired: await signed(
        base()
          .setSubject('google-user-1')
          .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 60),
      ),
      'another key': await idToken(other.privateKey, { email }),
      'HMAC keyed with a guess': await new SignJWT({ email })
        .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
        .setIssuer('https://accounts.google.com')
        .setAudience(GOOGLE_CLIENT_ID)
        .setSubject('google-user-1')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode('a-guessed-secret-of-32-bytes-at-least')),
      'no subject': await signed(base().setIssuedAt().setExpirationTime('10m')),
      'no issue time': await signed(base().setSubject('google-user-1').setExpirationTime('10m')),
      'no expiry': await signed(base().setSubject('google-user-1').setIssuedAt()),
      'no email': await idToken(google.privateKey, { email_verified: true }),
      'an empty email': await idToken(google.privateKey, { email: '' }),
      'an email that is no text': await idToken(google.privateKey, { email: ['asha.rao@gmail.com'] }),
      'not a token': 'x'.repeat(40),
    };
    const outcomes = Object.fromEntries(await Promise.all(Object.entries(tokens).map(async ([what, token]) => [what, await outcome(verify, token)])));
    expect(outcomes).to.deep.equal(Object.fromEntries(Object.keys(tokens).map((what) => [what, 'refused'])));
  });

  it('takes the algorithms Google signs with, RS256 and ES256, and no other, whatever the key set holds', async () => {
    const rsa = await generateKeyPair('RS512');
    const ec = await generateKeyPair('ES256');
    const keySet = createLocalJWKSet({
      keys: [
        { ...(await exportJWK(rsa.publicKey)), kid: 'rsa' },
        { ...(await exportJWK(ec.publicKey)), kid: 'ec' },
      ],
    });
    const verifier = createGoogleVerifier({ clientId: GOOGLE_CLIENT_ID, jwksUrl: 'http://unused.invalid/certs' }, keySet);
    const token = (alg: string, kid: string, key: CryptoKey) =>
      new SignJWT({ email })
        .setProtectedHeader({ alg, kid })
        .setIssuer('https://accounts.google.com')
        .setAudience(GOOGLE_CLIENT_ID)
        .setSubject('google-user-1')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(key);
    const verifyWith = (credential: string) => verifiedGoogleIdentity(verifier, credential, refusal);
    expect(await outcome(verifyWith, await token('ES256', 'ec', ec.privateKey))).to.include({ email });
    expect(await outcome(verifyWith, await token('RS512', 'rsa', rsa.privateKey))).to.equal('refused');
  });

  it('says Google sign-in is not configured (503) when it is not', async () => {
    const answer = await outcome((credential) => verifiedGoogleIdentity(null, credential, refusal), 'x'.repeat(40));
    expect(answer).to.be.instanceOf(ServiceUnavailableError);
    expect((answer as ServiceUnavailableError).message).to.equal(messages.server.googleNotConfigured);
  });

  describe('when Google’s key set cannot be had', () => {
    let keySet: http.Server;
    let answer: (response: http.ServerResponse) => void;
    before(async () => {
      keySet = http.createServer((_, response) => answer(response));
      await new Promise<void>((resolve) => keySet.listen(0, '127.0.0.1', resolve));
    });
    after(async () => new Promise<void>((resolve) => keySet.close(() => resolve())));

    const unreachable = async (jwksUrl: string) => {
      const verifier = createGoogleVerifier({ clientId: GOOGLE_CLIENT_ID, jwksUrl });
      const result = await outcome((credential) => verifiedGoogleIdentity(verifier, credential, refusal), await idToken(google.privateKey, { email }));
      expect(result).to.be.instanceOf(ServiceUnavailableError);
      expect([(result as ServiceUnavailableError).message, (result as ServiceUnavailableError).retryAfterSeconds]).to.deep.equal([
        messages.server.googleUnreachable,
        60,
      ]);
    };
    const at = () => `http://127.0.0.1:${(keySet.address() as AddressInfo).port}/certs`;

    it('answers 503 when nothing listens at its address', async () => unreachable(`http://127.0.0.1:${await freePort()}/certs`));

    it('answers 503 when it does not answer in time', async () => {
      answer = () => undefined;
      const verifier = createGoogleVerifier({ clientId: GOOGLE_CLIENT_ID, jwksUrl: at() }, createRemoteJWKSet(new URL(at()), { timeoutDuration: 200 }));
      const result = await outcome((credential) => verifiedGoogleIdentity(verifier, credential, refusal), await idToken(google.privateKey, { email }));
      expect(result).to.be.instanceOf(ServiceUnavailableError);
      expect((result as Error).message).to.equal(messages.server.googleUnreachable);
    });

    it('answers 503 when it answers with an error', async () => {
      answer = (response) => response.writeHead(500).end('down for maintenance');
      await unreachable(at());
    });

    it('answers 503 when its answer is not JSON, or no key set', async () => {
      answer = (response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>captive portal</html>');
      await unreachable(at());
      answer = (response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"keys":"none"}');
      await unreachable(at());
    });
  });
});
