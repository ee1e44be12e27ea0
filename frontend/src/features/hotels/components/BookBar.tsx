/**
 * Below the side panel's width (spec: the panel shows from 468 px) a phone still books:
 * a bar fixed to the bottom of the screen with the starting price and the book action.
 */
import { formatRupees, messages } from '@stays/contracts';
import type { Hotel } from '../../../lib/models.ts';
import { BookAction } from './BookAction.tsx';

const ui = messages.ui;

export function BookBar({ hotel, signedIn, canBook, date }: { hotel: Hotel; signedIn: boolean; canBook: boolean; date: string }) {
  return (
    <div className="book-bar" role="region" aria-label={ui.bookBarLabel}>
      <p className="price"><span className="muted">{ui.startingFrom}</span> <strong>{formatRupees(hotel.startingPrice)}</strong></p>
      <BookAction hotelId={hotel._id} date={date} signedIn={signedIn} canBook={canBook} compact />
    </div>
  );
}
