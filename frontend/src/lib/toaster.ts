/** The app's one toaster (Blueprint's OverlayToaster), made on first use: short messages that need no place on the page. */
import { OverlayToaster, type Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

export function appToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: 'top', maxToasts: 3 });
  return toaster;
}
