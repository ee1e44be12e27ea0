/**
 * 'Choose your room' (spec sections 2 and 4): Select marks a room 'Selected', again clears
 * it, another replaces it; owners cannot select.
 */
import { Button, Card, Intent } from '@blueprintjs/core';
import { roomName, formatRupees, HOTEL_AMENITY_ICONS, messages } from '@stays/contracts';
import { AmenityList } from '../../../components/Amenities.tsx';
import type { Room } from '../../../lib/models.ts';

const ui = messages.ui;

interface RoomChooserProps {
  readonly rooms: readonly Room[];
  readonly selectedRoom: string | null;
  readonly canSelect: boolean;
  readonly onSelect: (roomId: string | null) => void;
}

export function RoomChooser({ rooms, selectedRoom, canSelect, onSelect }: RoomChooserProps) {
  return (
    <section className="detail-section">
      <h2>{ui.chooseYourRoom}</h2>
      <div className="room-grid">
        {rooms.map((room) => {
          const selected = room._id === selectedRoom;
          return (
            <Card key={room._id} className={selected ? 'room-card selected' : 'room-card'} elevation={selected ? 2 : 0}>
              {room.imageURLs[0] !== undefined && <img src={room.imageURLs[0]} alt={roomName(room.roomStandard, room.roomType)} loading="lazy" />}
              <div className="room-card-body">
                <h3>{roomName(room.roomStandard, room.roomType)}</h3>
                <p className="muted">{ui.bedLabel(room.bedType)} · {ui.sizeSqm(room.size)}{room.roomType === 'Flat' ? ` · ${ui.roomsInFlat(room.numberOfRooms)}` : ''}</p>
                <AmenityList amenities={room.amenities} known={HOTEL_AMENITY_ICONS} />
                <p className="price"><strong>{formatRupees(room.pricePerNight)}</strong> <span className="muted">{ui.perNight}</span></p>
                <Button
                  intent={selected ? Intent.SUCCESS : Intent.PRIMARY}
                  variant={selected ? 'solid' : 'outlined'}
                  icon={selected ? 'tick' : undefined}
                  disabled={!canSelect}
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
