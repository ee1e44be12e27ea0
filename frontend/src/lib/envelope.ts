/** Reading the response envelope (spec section 7). DOM-free. */
import type { Envelope } from '@stays/contracts';

/** A 2xx answer with `success: false`: treated as a failure whose text is the caller's fallback. */
export class UnsuccessfulAnswer extends Error {
  override readonly name = 'UnsuccessfulAnswer';
  readonly response: { status: number; data: Record<string, never> };
  constructor(status: number) {
    super('the server answered success: false');
    this.response = { status, data: {} };
  }
}

/** The envelope of a successful call, or a thrown UnsuccessfulAnswer. */
export function successful<T>(answer: { status: number; data: Envelope<T> }): { data: T; message: string } {
  if (answer.data.success !== true) throw new UnsuccessfulAnswer(answer.status);
  return { data: answer.data.data, message: answer.data.message };
}
