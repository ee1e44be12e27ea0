/**
 * Signing in or up from any page comes back to it: links to the sign-in and sign-up pages
 * carry where the visitor was in the `redirect` query parameter, which those pages follow
 * once signed in, only when it is a path of this site (contracts' sameSitePath) and not one
 * of those pages itself.
 */
import { RETURN_TO_PARAM, sameSitePath } from '@stays/contracts';

const SIGN_IN_AND_UP_PAGES: ReadonlySet<string> = new Set(['/login-user', '/login-hotel-owner', '/signup-user', '/signup-hotel-owner']);

/** `target` when it is a page to go back to: a path of this site, not a sign-in or sign-up page. */
function pageToGoBackTo(target: string | null): string | null {
  const path = sameSitePath(target);
  return path === null || SIGN_IN_AND_UP_PAGES.has(path.split(/[?#]/, 1)[0]!) ? null : path;
}

/** Where to go back to, from a sign-in or sign-up page's query string; null: nowhere given, or not a page to go back to. */
export const returnPathOf = (search: string): string | null => pageToGoBackTo(new URLSearchParams(search).get(RETURN_TO_PARAM));

/** A location of this site, as React Router gives it. */
interface Place {
  readonly pathname: string;
  readonly search: string;
  readonly hash?: string;
}

/** `page` (a sign-in or sign-up page) with where to come back to: `from`, a place or a path of this site (nothing when null). */
export function withReturnTo(page: string, from: Place | string | null): string {
  const back = from === null || typeof from === 'string' ? from : `${from.pathname}${from.search}${from.hash ?? ''}`;
  const kept = pageToGoBackTo(back);
  return kept === null || kept === '/' ? page : `${page}?${new URLSearchParams({ [RETURN_TO_PARAM]: kept })}`;
}
