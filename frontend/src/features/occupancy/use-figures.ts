/**
 * Loads a chart's figures when the chart is shown and again when `key` changes, dropping
 * the answer of a load that was superseded. The figures are read by their chart only, so
 * they live in the component rather than in the store.
 */
import { useEffect, useState } from 'react';

export type Figures<T> =
  { readonly status: 'loading' } | { readonly status: 'loaded'; readonly data: T } | { readonly status: 'failed'; readonly error: unknown };

export function useFigures<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Figures<T> {
  const [figures, setFigures] = useState<Figures<T>>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setFigures({ status: 'loading' });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setFigures({ status: 'loaded', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFigures({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- `key` names what is loaded
  return figures;
}
