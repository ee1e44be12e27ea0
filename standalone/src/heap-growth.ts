/**
 * The one-process product's bound on heap growth. V8 lets the old generation grow to up to
 * four times what its last full collection found live when the program allocates fast, and
 * a rebuild of the read models from a long log allocates fast: over a 1,000,000-event log a
 * first start held 640–830 MB once healthy and up to 1,145 MB while the notary caught up,
 * against 420 MB after a restart that holds the same read models
 * (docs/decisions/0050-heap-growth-bounded-in-one-process.md). Bounded to 30 % over what is
 * live (HEAP_GROWTH_PERCENT), the same start held 409–434 MB, at most 486, in the same time.
 *
 * Set once the read store's snapshot is loaded: that load only adds what stays live, and
 * bounded from the start it cost a restart 0.3–0.45 s in more full collections.
 */
import v8 from 'node:v8';

/** `percent`: 0 leaves V8's own choice. V8 reads the flag each time it sets the next limit, so it applies from the next collection on. */
export function boundHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
