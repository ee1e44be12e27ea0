import type { Context } from 'koa';
import type { FailureEnvelope, SuccessEnvelope } from '@stays/contracts';

/** Answers with the spec's success envelope; `extra` adds top-level fields beside `data` (e.g. pagination). */
export function respond<T>(ctx: Context, statusCode: number, message: string, data: T, extra: Record<string, unknown> = {}): void {
  const body: SuccessEnvelope<T> = { ...extra, success: true, statusCode, message, data };
  ctx.status = statusCode;
  ctx.body = body;
}

/** The success envelope already serialised (for cached answers); see encodeJson. */
export const successJson = <T>(statusCode: number, message: string, data: T, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ ...extra, success: true, statusCode, message, data });

export function failureBody(statusCode: number, message: string, field?: string): FailureEnvelope {
  return field === undefined ? { success: false, statusCode, message } : { success: false, statusCode, message, field };
}
