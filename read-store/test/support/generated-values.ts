/**
 * Seeded random choices for the tests that hold the embedded store's fast paths to mingo's
 * answers over many generated filters, documents and updates: the same seed gives the same
 * cases on every run, so a failure names a case that can be replayed.
 */
export interface Random {
  /** An integer in [0, bound). */
  below(bound: number): number;
  /** One of the choices. */
  pick<T>(choices: readonly T[]): T;
  /** True with the given probability. */
  chance(probability: number): boolean;
}

/** mulberry32: small, fast and good enough to spread test cases. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    below: (bound) => Math.floor(next() * bound),
    pick: (choices) => choices[Math.floor(next() * choices.length)]!,
    chance: (probability) => next() < probability,
  };
}

/** A value as JSON, with Dates and regular expressions readable, for test names and messages. */
export function describeValue(value: unknown): string {
  return JSON.stringify(value, function (key, field: unknown) {
    const raw = (this as Record<string, unknown>)[key];
    if (raw instanceof Date) return `Date(${raw.toISOString()})`;
    if (field instanceof RegExp) return String(field);
    return field;
  });
}
