/**
 * What books a hotel from its page, shared by the side panel and the phone's bottom bar:
 * a guest opens the booking page (in a new tab, as the spec's panel does); a visitor is
 * asked to sign in; an owner gets nothing.
 */
import { Classes, Intent } from '@blueprintjs/core';
import { messages } from '@stays/contracts';
import { Link } from 'react-router-dom';

const ui = messages.ui;

interface BookActionProps {
  readonly hotelId: string;
  /** The chosen start date, carried in the address (the booking page opens in a new tab). */
  readonly date: string;
  readonly signedIn: boolean;
  readonly canBook: boolean;
  /** The bar has room for one control: the visitor's whole prompt is the sign-in link. */
  readonly compact?: boolean;
}

export function BookAction({ hotelId, date, signedIn, canBook, compact = false }: BookActionProps) {
  const button = `${Classes.BUTTON} ${Classes.intentClass(Intent.SUCCESS)}`;
  if (!signedIn) {
    return compact
      ? <Link className={button} to="/login-user">{ui.loginNowToBook}</Link>
      : <p className="login-to-book">{ui.loginNowToBook} <Link to="/login-user">{ui.loginLink}</Link></p>;
  }
  if (!canBook) return null;
  return (
    <a className={compact ? button : `${button} ${Classes.FILL}`} href={`/book-hotel/${hotelId}?${new URLSearchParams({ date })}`} target="_blank" rel="noreferrer">
      {ui.bookThisHotel}
    </a>
  );
}
