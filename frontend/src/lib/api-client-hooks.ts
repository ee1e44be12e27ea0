/** How a 401 ends the session, registered by the store; kept apart so the store does not load axios. */
let onUnauthorized: () => void = () => undefined;

export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export const unauthorized = (): void => onUnauthorized();
