/**
 * 'Choose your room' (spec sections 2 and 4): Select marks a room 'Selected', again clears
 * it, another replaces it; owners cannot select. For the chosen stay each card says whether
 * the room is available (with the price of the whole stay, 'Only N left' when few), sleeps too few for the guests, or is sold
 * out: then Select is disabled and the nearest check-in free for as many nights is offered.
 */
import { Button, Card, Intent } from '@blueprintjs/core';
import { roomName, formatRupees, HOTEL_AMENITY_ICONS, maxGuestsOf, messages, type Stay } from '@stays/contracts';
import type { ReactNode } from 'react';
import { AmenityList } from '../../../components/Amenities.tsx';
import { VerdictLine } from '../../../components/VerdictLine.tsx';
import type { Room } from '../../../lib/models.ts';
import type { RoomVerdict } from '../../../lib/room-verdict.ts';

const ui = messages.ui;

interface RoomChooserProps {
  readonly rooms: readonly Room[];
  readonly selectedRoom: string | null;
  readonly canSelect: boolean;
  readonly onSelect: (roomId: string | null) => void;
  /** Each room's verdict for the stay (absent: nothing said). */
  readonly verdicts?: Readonly<Record<string, RoomVerdict>>;
  readonly stay?: Stay;
  /** Move the stay's check-in (a sold-out room's nearest free one). */
  readonly onMoveCheckIn?: (date: string) => void;
  /** Shown under the title (the stay's dates where the side panel is hidden). */
  readonly children?: ReactNode;
}

export function RoomChooser({ rooms, selectedRoom, canSelect, onSelect, verdicts = {}, stay, onMoveCheckIn, children }: RoomChooserProps) {
  return (
    <section className="detail-section">
      <h2>{ui.chooseYourRoom}</h2>
      {children}
      <div className="room-grid">
        {rooms.map((room) => {
          const selected = room._id === selectedRoom;
          const verdict = verdicts[room._id];
          const soldOut = verdict?.kind === 'soldOut';
          return (
            <Card
              key={room._id}
              className={`room-card${selected ? ' selected' : ''}${soldOut ? ' sold-out' : ''}`}
              elevation={selected ? 2 : 0}
              role="article"
              aria-label={roomName(room.roomStandard, room.roomType)}
            >
              {room.imageURLs[0] !== undefined && <img src={room.imageURLs[0]} alt={roomName(room.roomStandard, room.roomType)} loading="lazy" />}
              <div className="room-card-body">
                <h3>{roomName(room.roomStandard, room.roomType)}</h3>
                <p className="muted">
                  {ui.bedLabel(room.bedType)} · {ui.sizeSqm(room.size)}
                  {room.roomType === 'Flat' ? ` · ${ui.roomsInFlat(room.numberOfRooms)}` : ''} · {ui.roomSleeps(maxGuestsOf(room))}
                </p>
                <AmenityList amenities={room.amenities} known={HOTEL_AMENITY_ICONS} />
                <p className="price">
                  <strong>{formatRupees(room.pricePerNight)}</strong> <span className="muted">{ui.perNight}</span>
                </p>
                {verdict?.kind === 'available' && stay !== undefined && (
                  <p className="stay-price">
                    <span className="muted">{ui.roomStayPriceCaption}</span> <strong>{ui.stayPrice(formatRupees(verdict.payableAmount), stay.nights)}</strong>
                  </p>
                )}
                {verdict !== undefined && stay !== undefined && <VerdictLine verdict={verdict} stay={stay} onMoveCheckIn={onMoveCheckIn} />}
                <Button
                  intent={selected ? Intent.SUCCESS : Intent.PRIMARY}
                  variant={selected ? 'solid' : 'outlined'}
                  icon={selected ? 'tick' : undefined}
                  disabled={!canSelect || (soldOut && !selected)}
                  aria-pressed={selected}
                  text={selected ? ui.selectedRoom : ui.selectRoom}
                  onClick={() => onSelect(selected ? null : room._id)}
                />
              </div>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
