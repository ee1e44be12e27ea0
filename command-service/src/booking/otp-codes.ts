/**
 * One-time codes: six digits from the operating system's CSPRNG; only a salted HMAC of a
 * code is ever stored, keyed by a server secret that is not in the log, so the event log
 * alone cannot be brute-forced back to codes. (The contact stream a code is kept in is
 * named by KeyedStreamNames, under a key of its own.)
 */
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { limits, nationalReadings } from '@stays/contracts';

export const newOtpCode = (): string => String(randomInt(0, 10 ** limits.otpLength)).padStart(limits.otpLength, '0');
export const newSalt = (): string => randomBytes(16).toString('hex');

export const hashOtpCode = (key: Buffer, salt: string, code: string): string => createHmac('sha256', key).update(`${salt}|${code}`).digest('hex');

/** The national numbers a phone sent with its dial code may stand for, the primary reading first (validated: at least one). */
export const nationalNumbersOf = (international: string): string[] => nationalReadings(international).map((reading) => reading.national);
