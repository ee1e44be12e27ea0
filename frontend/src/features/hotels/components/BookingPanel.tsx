/** The sticky booking panel (spec section 2), shown only at 468 px and wider. */
import { Card } from '@blueprintjs/core';
import { roomName, formatRupees, messages } from '@stays/contracts';
import { DateField } from '../../../components/DateField.tsx';
import type { Hotel, Room } from '../../../lib/models.ts';
import { BookAction } from './BookAction.tsx';

const ui = messages.ui;

interface BookingPanelProps {
  readonly hotel: Hotel;
  readonly rooms: readonly Room[];
  readonly signedIn: boolean;
  readonly canBook: boolean;
  /** The start date, kept by the page so the booking page gets it. */
  readonly date: string;
  readonly onDateChange: (date: string) => void;
}

export function BookingPanel({ hotel, rooms, signedIn, canBook, date, onDateChange }: BookingPanelProps) {
  return (
    <Card className="booking-panel" elevation={2}>
      <p className="price"><span className="muted">{ui.startingFrom}</span> <strong className="big-price">{formatRupees(hotel.startingPrice)}</strong></p>
      <DateField label={ui.dateLabel} value={date} onChange={onDateChange} />
      <div className="fixed-box">{ui.oneRoomOneGuest}</div>
      {rooms.length > 0 && (
        <>
          <h3>{ui.roomStandardsTitle}</h3>
          <ul className="standards">
            {rooms.map((room) => (
              <li key={room._id}><span>{roomName(room.roomStandard, room.roomType)}</span><span>{formatRupees(room.pricePerNight)}</span></li>
            ))}
          </ul>
        </>
      )}
      <BookAction hotelId={hotel._id} date={date} signedIn={signedIn} canBook={canBook} />
    </Card>
  );
}
