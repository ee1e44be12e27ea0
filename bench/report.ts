/** How a benchmark reports one figure. */
export type Report = (name: string, value: number, unit: string) => void;

/** The value below which `percent` % of the sorted samples fall (nearest rank). */
export const percentile = (sorted: readonly number[], percent: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1))]!;
