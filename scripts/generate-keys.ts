/**
 * Prints a fresh token signing key pair as .env lines for production:
 *   npm run keys >> .env
 * docker compose reads .env; the command service gets both token keys and the OTP key, the query
 * service the public token key and the media link key, both the stream name key; the command service, the reactors and the
 * projections worker the personal data master key; the projections worker the notary's tree
 * head signing key and the operator token (which the operator's `npm run projection` sends it too).
 */
import { generateKeyPairSync } from 'node:crypto';
import { generateSigningKeys } from '../service-kit/src/auth/keys.ts';

const keys = await generateSigningKeys();
const oneLine = (pem: string) => JSON.stringify(pem.trim());
console.log(`JWT_PRIVATE_KEY=${oneLine(keys.privatePem)}`);
console.log(`JWT_PUBLIC_KEY=${oneLine(keys.publicPem)}`);
console.log(`OTP_HASH_KEY=${(await import('node:crypto')).randomBytes(32).toString('base64')}`);
console.log(`STREAM_NAME_KEY=${(await import('node:crypto')).randomBytes(32).toString('base64')}`);
console.log(`MEDIA_LINK_KEY=${(await import('node:crypto')).randomBytes(32).toString('base64')}`);
console.log(`CALENDAR_FEED_KEY=${(await import('node:crypto')).randomBytes(32).toString('base64')}`);
console.log(`PERSONAL_DATA_KEY=${(await import('node:crypto')).randomBytes(32).toString('base64')}`);
console.log(`OPERATOR_TOKEN=${(await import('node:crypto')).randomBytes(32).toString('base64url')}`);
console.log(`NOTARY_SIGNING_KEY=${oneLine(generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString())}`);
