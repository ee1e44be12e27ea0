/**
 * The width of an element in CSS px and its font family, kept current as the element
 * resizes: the charts draw at their real size, so 12 px text is 12 px on a phone too.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

export interface Box {
  readonly width: number;
  readonly fontFamily: string;
}

export function useBox(ref: RefObject<HTMLElement | null>): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = () => {
      const width = Math.floor(element.getBoundingClientRect().width);
      const { fontFamily } = getComputedStyle(element);
      setBox((last) => (last?.width === width && last.fontFamily === fontFamily ? last : { width, fontFamily }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return box;
}
