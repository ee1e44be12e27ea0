/**
 * The one way money is printed (spec section 9: the currency symbol is the rupee): ₹ with
 * Indian digit grouping (₹1,00,000), at most two decimals (the displayed tax is price/100),
 * and a discount with the one minus sign used everywhere (U+2212). Browser-safe: Intl only.
 */
const RUPEES = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** The minus sign every deducted amount is written with. */
export const MINUS_SIGN = '\u2212';

export const formatRupees = (amount: number): string => (amount < 0 ? `${MINUS_SIGN}₹${RUPEES.format(-amount)}` : `₹${RUPEES.format(amount)}`);

/** An amount taken off (the instant discount): "−₹680". */
export const formatDiscount = (amount: number): string => `${MINUS_SIGN}${formatRupees(Math.abs(amount))}`;
