/**
 * The token signing key pair. Production passes PEM text in the environment
 * (`JWT_PRIVATE_KEY` for the command side, `JWT_PUBLIC_KEY` for both); the embedded
 * mode creates a pair once and keeps it under `DATA_DIR/keys`, so restarts keep
 * every signed-in session valid.
 */
import { mkdir, readFile, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { exportPKCS8, exportSPKI, generateKeyPair, importPKCS8, importSPKI, type CryptoKey } from 'jose';
import { TOKEN_ALGORITHM } from './tokens.ts';

export interface SigningKeys {
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
}

export const importPrivateKey = (pem: string): Promise<CryptoKey> => importPKCS8(pem, TOKEN_ALGORITHM);
export const importPublicKey = (pem: string): Promise<CryptoKey> => importSPKI(pem, TOKEN_ALGORITHM);

export async function generateSigningKeys(): Promise<SigningKeys & { privatePem: string; publicPem: string }> {
  const { privateKey, publicKey } = await generateKeyPair(TOKEN_ALGORITHM, { crv: 'Ed25519', extractable: true });
  return { privateKey, publicKey, privatePem: await exportPKCS8(privateKey), publicPem: await exportSPKI(publicKey) };
}

export async function loadOrCreateSigningKeys(dir: string): Promise<SigningKeys> {
  const privatePath = path.join(dir, 'token-signing.key.pem');
  const publicPath = path.join(dir, 'token-signing.pub.pem');
  try {
    const [privatePem, publicPem] = await Promise.all([readFile(privatePath, 'utf8'), readFile(publicPath, 'utf8')]);
    return { privateKey: await importPrivateKey(privatePem), publicKey: await importPublicKey(publicPem) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const keys = await generateSigningKeys();
  await writeAtomically(publicPath, keys.publicPem, 0o644);
  await writeAtomically(privatePath, keys.privatePem, 0o600);
  return { privateKey: keys.privateKey, publicKey: keys.publicKey };
}

async function writeAtomically(file: string, text: string, mode: number): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, text, { mode });
  await rename(temp, file);
}

/**
 * A server secret (e.g. the key of OTP hashes): from the environment in production
 * (base64), otherwise created once under `dir` and kept, so restarts keep it.
 */
export async function loadOrCreateSecret(dir: string, name: string, fromEnvironment: string | undefined, bytes = 32): Promise<Buffer> {
  if (fromEnvironment) return Buffer.from(fromEnvironment, 'base64');
  const file = path.join(dir, `${name}.secret`);
  try {
    return Buffer.from(await readFile(file, 'utf8'), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const secret = (await import('node:crypto')).randomBytes(bytes);
  await writeAtomically(file, secret.toString('base64'), 0o600);
  return secret;
}
