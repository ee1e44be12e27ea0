/**
 * Where a hotel's page offers booking (spec section 2): the sticky panel from 468 px wide,
 * and below that a bar fixed to the bottom of the screen, so a phone still books. Both
 * end in the same action: a guest opens the booking page (in a new tab, as the spec's
 * panel does) with the stay; a visitor is asked to sign in; an owner gets nothing. The
 * panel's single date and fixed '1 Room, 1 Guest' box are the stay picker's date range and
 * rooms-and-guests button (issue #27).
 */
import { Card, Classes, Intent } from '@blueprintjs/core';
import { roomName, formatRupees, messages, type Stay } from '@stays/contracts';
import { Link, useLocation } from 'react-router-dom';
import { StayPicker } from '../../../components/StayPicker.tsx';
import type { Hotel, Room } from '../../../lib/models.ts';
import { withReturnTo } from '../../../lib/return-to.ts';
import { stayQueryString } from '../../../lib/stay.ts';

const ui = messages.ui;

interface BookingPanelProps {
  readonly hotel: Hotel;
  readonly rooms: readonly Room[];
  readonly signedIn: boolean;
  readonly canBook: boolean;
  /** The stay, kept by the page (in its address) so the booking page gets it. */
  readonly stay: Stay;
  /** Whether the guest picked the stay (else the link carries only the spec's `date`). */
  readonly picked: boolean;
  readonly onStayChange: (stay: Stay) => void;
}

export function BookingPanel({ hotel, rooms, signedIn, canBook, stay, picked, onStayChange }: BookingPanelProps) {
  return (
    <Card className="booking-panel" elevation={2}>
      <p className="price">
        <span className="muted">{ui.startingFrom}</span> <strong className="big-price">{formatRupees(hotel.startingPrice)}</strong>
      </p>
      <StayPicker stay={stay} onChange={onStayChange} withGuests className="panel-stay" />
      {rooms.length > 0 && (
        <>
          <h3>{ui.roomStandardsTitle}</h3>
          <ul className="standards">
            {rooms.map((room) => (
              <li key={room._id}>
                <span>{roomName(room.roomStandard, room.roomType)}</span>
                <span>{formatRupees(room.pricePerNight)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <BookAction hotelId={hotel._id} stay={stay} picked={picked} signedIn={signedIn} canBook={canBook} />
    </Card>
  );
}

/** Below the panel's width: the starting price and the book action. */
export function BookBar({ hotel, signedIn, canBook, stay, picked }: { hotel: Hotel; signedIn: boolean; canBook: boolean; stay: Stay; picked: boolean }) {
  return (
    <div className="book-bar" role="region" aria-label={ui.bookBarLabel}>
      <p className="price">
        <span className="muted">{ui.startingFrom}</span> <strong>{formatRupees(hotel.startingPrice)}</strong>
      </p>
      <BookAction hotelId={hotel._id} stay={stay} picked={picked} signedIn={signedIn} canBook={canBook} compact />
    </div>
  );
}

interface BookActionProps {
  readonly hotelId: string;
  /** The stay, carried in the address (the booking page opens in a new tab): all of it once picked, else the spec's `date`. */
  readonly stay: Stay;
  readonly picked: boolean;
  readonly signedIn: boolean;
  readonly canBook: boolean;
  /** The bar has room for one control: the visitor's whole prompt is the sign-in link. */
  readonly compact?: boolean;
}

function BookAction({ hotelId, stay, picked, signedIn, canBook, compact = false }: BookActionProps) {
  const button = `${Classes.BUTTON} ${Classes.intentClass(Intent.SUCCESS)}`;
  const signIn = withReturnTo('/login-user', useLocation());
  if (!signedIn) {
    return compact ? (
      <Link className={button} to={signIn}>
        {ui.loginNowToBook}
      </Link>
    ) : (
      <p className="login-to-book">
        {ui.loginNowToBook} <Link to={signIn}>{ui.loginLink}</Link>
      </p>
    );
  }
  if (!canBook) return null;
  return (
    <a
      className={compact ? button : `${button} ${Classes.FILL}`}
      href={`/book-hotel/${hotelId}?${picked ? stayQueryString(stay) : new URLSearchParams({ date: stay.checkIn })}`}
      target="_blank"
      rel="noreferrer"
    >
      {ui.bookThisHotel}
    </a>
  );
}
