/** How a benchmark reports one figure. */
export type Report = (name: string, value: number, unit: string) => void;
