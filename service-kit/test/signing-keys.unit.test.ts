/**
 * The embedded mode's token signing keys and server secrets on disk: created once, readable
 * by their owner only, and the same after a restart; one that cannot be read stops the start
 * instead of being replaced (which would sign every session out, or worse).
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { TokenIssuer, TokenVerifier, importPrivateKey, importPublicKey, loadOrCreateSecret, loadOrCreateSigningKeys } from '../src/index.ts';

const SETTINGS = { issuer: 'stays', audience: 'stays-api' };
const CLAIMS = { accountId: 'account-1', role: 'customer', sessionId: 'session-1' } as const;

describe('signing keys and secrets kept on disk', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'stays-keys-'));
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

  it('creates a key pair once, the private key for its owner only, and loads the same pair after a restart', async () => {
    const dir = path.join(root, 'data', 'keys'); // its parent made too
    const first = await loadOrCreateSigningKeys(dir);
    // whatever the umask, the folder and the private key are for their owner only
    expect([(await modeOf(dir)) & 0o077, (await modeOf(path.join(dir, 'token-signing.key.pem'))) & 0o077]).to.deep.equal([0, 0]);
    const { token } = await new TokenIssuer(first.privateKey, { ...SETTINGS, ttlSeconds: 600 }).issue(CLAIMS);
    const again = await loadOrCreateSigningKeys(dir);
    expect(await new TokenVerifier(again.publicKey, SETTINGS).verify(token), 'a token signed before the restart').to.deep.equal(CLAIMS);
    const afterRestart = await new TokenIssuer(again.privateKey, { ...SETTINGS, ttlSeconds: 600 }).issue(CLAIMS);
    expect(await new TokenVerifier(first.publicKey, SETTINGS).verify(afterRestart.token)).to.deep.equal(CLAIMS);
    // the PEM files are what production passes in the environment
    const fromPem = await importPublicKey(await readFile(path.join(dir, 'token-signing.pub.pem'), 'utf8'));
    const signedFromPem = await new TokenIssuer(await importPrivateKey(await readFile(path.join(dir, 'token-signing.key.pem'), 'utf8')), {
      ...SETTINGS,
      ttlSeconds: 600,
    }).issue(CLAIMS);
    expect(await new TokenVerifier(fromPem, SETTINGS).verify(signedFromPem.token)).to.deep.equal(CLAIMS);
  });

  it('refuses to start on a key file it cannot read rather than replacing it', async () => {
    const dir = path.join(root, 'keys');
    await loadOrCreateSigningKeys(dir);
    const privatePath = path.join(dir, 'token-signing.key.pem');
    await writeFile(privatePath, 'not a key');
    const refused = await loadOrCreateSigningKeys(dir).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).to.be.instanceOf(Error);
    expect(await readFile(privatePath, 'utf8')).to.equal('not a key');
  });

  it('keeps a secret of the bytes asked for, for its owner only, the same after a restart; one from the environment wins', async () => {
    const dir = path.join(root, 'secrets');
    const secret = await loadOrCreateSecret(dir, 'otp', undefined, 48);
    expect(secret.length).to.equal(48);
    expect((await modeOf(path.join(dir, 'otp.secret'))) & 0o077, 'for its owner only').to.equal(0);
    expect((await loadOrCreateSecret(dir, 'otp', undefined, 48)).equals(secret)).to.equal(true);
    expect((await loadOrCreateSecret(dir, 'other', undefined)).length, 'another name, 32 bytes by default').to.equal(32);
    const given = Buffer.alloc(32, 9);
    expect((await loadOrCreateSecret(dir, 'otp', given.toString('base64'))).equals(given)).to.equal(true);
    expect((await loadOrCreateSecret(path.join(root, 'never-made'), 'otp', given.toString('base64'))).equals(given)).to.equal(true);
    expect(await stat(path.join(root, 'never-made')).catch(() => 'absent'), 'nothing written for a secret from the environment').to.equal('absent');
  });

  it('refuses to start on a secret it cannot read', async () => {
    const refusal = (dir: string) =>
      loadOrCreateSecret(dir, 'otp', undefined).then(
        () => 'read',
        (error: unknown) => (error as NodeJS.ErrnoException).code,
      );
    await mkdir(path.join(root, 'secrets', 'otp.secret'), { recursive: true });
    expect(await refusal(path.join(root, 'secrets')), 'a folder where the secret should be').to.equal('EISDIR');
    await writeFile(path.join(root, 'a-file'), '');
    expect(await refusal(path.join(root, 'a-file')), 'a file where its folder should be').to.equal('ENOTDIR');
  });
});
