/**
 * The operator token: the secret the operator's commands (`npm run projection`, and
 * `npm run auditor` beside a running `npm start`) present to a running process. Production
 * sets OPERATOR_TOKEN in both; the one-process mode creates one in
 * DATA_DIR/keys/operator.token at its first start (readable by its user only), where the
 * commands on the same machine read it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const OPERATOR_TOKEN_FILE = 'operator.token';

export async function readOperatorToken(fromEnvironment: string | undefined, keysDir: string): Promise<string | null> {
  if (fromEnvironment !== undefined) return fromEnvironment;
  try {
    return (await readFile(path.join(keysDir, OPERATOR_TOKEN_FILE), 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function loadOrCreateOperatorToken(fromEnvironment: string | undefined, keysDir: string): Promise<string> {
  const existing = await readOperatorToken(fromEnvironment, keysDir);
  if (existing !== null) return existing;
  const token = randomBytes(32).toString('base64url');
  await mkdir(keysDir, { recursive: true, mode: 0o700 });
  const file = path.join(keysDir, OPERATOR_TOKEN_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${token}\n`, { mode: 0o600 });
  await rename(temp, file);
  return token;
}
