import type { Context } from 'koa';
import type { FailureEnvelope, SuccessEnvelope } from '@stays/contracts';

/** Answers with the spec's success envelope. */
export function respond<T>(ctx: Context, statusCode: number, message: string, data: T): void {
  const body: SuccessEnvelope<T> = { success: true, statusCode, message, data };
  ctx.status = statusCode;
  ctx.body = body;
}

export function failureBody(statusCode: number, message: string, field?: string): FailureEnvelope {
  return field === undefined ? { success: false, statusCode, message } : { success: false, statusCode, message, field };
}
