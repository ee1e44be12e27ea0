import { SIGNED_MEDIA_LINK_MINUTES } from '@stays/contracts';
import { useEffect } from 'react';

/** Re-read a list that carries signed media links (invoices) at half their lifetime, so a link on screen always works. */
const REFRESH_MS = (SIGNED_MEDIA_LINK_MINUTES * 60_000) / 2;

/** Calls `load` now and again while the screen stays open, before the signed links it showed expire. */
export function useFreshSignedLinks(load: () => void): void {
  useEffect(() => {
    load();
    const timer = window.setInterval(load, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load]);
}
