import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** The window's inner width, updated on resize. */
export const useWindowWidth = (): number => useSyncExternalStore(subscribe, () => window.innerWidth);
