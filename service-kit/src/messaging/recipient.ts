import { InvalidRecipientError } from './errors.ts';

export function assertRecipient(to: unknown): asserts to is string {
  if (typeof to !== 'string' || to.trim() === '' || /[\r\n\u0000]/.test(to)) throw new InvalidRecipientError(String(to));
}
