/**
 * Round axis ticks and how revenue ticks read. Ticks start at 0 and step by 1, 2 or 5 times
 * a power of ten, so every tick is a number a person would say; revenue ticks are whole
 * rupees (the smallest step is ₹1), in lakhs or crores once the axis reaches them.
 */
import { formatRupees, occupancyMessages } from '@stays/contracts';

const LAKH = 100_000;
const CRORE = 10_000_000;
/** The top of a revenue axis with no revenue: an empty month still gets a readable scale. */
const EMPTY_REVENUE_TOP = 1_000;

/** Ticks from 0 to the first round value at or above `highest`, at most `most` steps, none smaller than `smallest`. */
export function roundTicks(highest: number, most: number, smallest = 1): number[] {
  const steps = Math.max(1, Math.floor(most));
  const top = Math.max(highest, smallest);
  const rough = top / steps;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(smallest, [1, 2, 5, 10].map((multiple) => multiple * power).find((candidate) => candidate >= rough * (1 - 1e-9)) ?? 10 * power);
  const count = Math.ceil(top / step - 1e-9);
  return Array.from({ length: count + 1 }, (_, index) => Math.round(index * step));
}

/** Whole-rupee ticks for revenue up to `highest`, at most `most` steps. */
export const rupeeTicks = (highest: number, most: number): number[] => roundTicks(Math.max(highest, EMPTY_REVENUE_TOP), most, 1);

/** How the ticks of one revenue axis read: all in rupees with Indian grouping, in lakhs or in crores, by the top tick. */
export function rupeeTickFormat(ticks: readonly number[]): (value: number) => string {
  const top = Math.max(0, ...ticks);
  if (top >= CRORE) return (value) => (value === 0 ? formatRupees(0) : occupancyMessages.crores(value / CRORE));
  if (top >= LAKH) return (value) => (value === 0 ? formatRupees(0) : occupancyMessages.lakhs(value / LAKH));
  return formatRupees;
}

/** Steps an axis of `length` px can hold with at least `spacing` px between ticks: 2 to 6. */
export const stepsFor = (length: number, spacing: number): number => Math.min(6, Math.max(2, Math.floor(length / spacing)));
