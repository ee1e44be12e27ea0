/**
 * Typed text as a `$regex` pattern that matches it literally: `.*`, `(` or `$where`-looking
 * input stays text, so a search term can never become a pattern that scans for minutes.
 */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
