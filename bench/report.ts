/** How a benchmark reports one figure, with the goal it is held to where it has one. */
export type Report = (name: string, value: number, unit: string, goal?: Goal) => void;

/** A figure's goal: `≥ value`, `≤ value`, `< value` or `= value`. */
export interface Goal {
  readonly op: '≥' | '≤' | '<' | '=';
  readonly value: number;
}

export const atLeast = (value: number): Goal => ({ op: '≥', value });
export const atMost = (value: number): Goal => ({ op: '≤', value });
export const below = (value: number): Goal => ({ op: '<', value });
export const exactly = (value: number): Goal => ({ op: '=', value });

export function meets(goal: Goal, value: number): boolean {
  switch (goal.op) {
    case '≥':
      return value >= goal.value;
    case '≤':
      return value <= goal.value;
    case '<':
      return value < goal.value;
    case '=':
      return value === goal.value;
  }
}

/** The value below which `percent` % of the sorted samples fall (nearest rank). */
export const percentile = (sorted: readonly number[], percent: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1))]!;

/** The middle of the samples, in any order (nearest rank, as `percentile`). */
export const median = (values: readonly number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
