/**
 * The owner's cancellation policy form: its draft (texts as typed) and the policy it makes,
 * or the plain message for the first bad value. The limits are the contracts' (the server
 * checks them again).
 */
import { cancellationPolicyLimits, messages, type CancellationPolicy, type LateChargeKind } from '@stays/contracts';

export interface PolicyDraft {
  readonly freeUntilDaysBefore: string;
  readonly kind: LateChargeKind;
  readonly percent: string;
}

const texts = messages.cancellationPolicy;

export const draftFromPolicy = (policy: CancellationPolicy): PolicyDraft => ({
  freeUntilDaysBefore: String(policy.freeUntilDaysBefore),
  kind: policy.lateCharge.kind,
  percent: policy.lateCharge.kind === 'percentage' ? String(policy.lateCharge.percent) : '',
});

/** A whole number within `limits`, or null. */
function wholeNumber(text: string, limits: { readonly min: number; readonly max: number }): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= limits.min && value <= limits.max ? value : null;
}

export function policyFromDraft(draft: PolicyDraft): { policy: CancellationPolicy } | { error: string } {
  const { freeUntilDaysBefore: dayLimits, percent: percentLimits } = cancellationPolicyLimits;
  const days = wholeNumber(draft.freeUntilDaysBefore, dayLimits);
  if (days === null) return { error: texts.badDays(dayLimits.min, dayLimits.max) };
  if (draft.kind === 'first-night') return { policy: { freeUntilDaysBefore: days, lateCharge: { kind: 'first-night' } } };
  const percent = wholeNumber(draft.percent, percentLimits);
  if (percent === null) return { error: texts.badPercent(percentLimits.min, percentLimits.max) };
  return { policy: { freeUntilDaysBefore: days, lateCharge: { kind: 'percentage', percent } } };
}
