/** The owner's room list (spec section 2): one card per room with its facts, badges, images and amenities. */
import { Card, Classes, Intent, Tag } from '@blueprintjs/core';
import { closureMessages, roomName, formatRupees, maxGuestsOf, ROOM_AMENITY_ICONS, messages, roomTypeLabel } from '@stays/contracts';
import { Link } from 'react-router-dom';
import { AmenityList } from '../../../components/Amenities.tsx';
import type { Room } from '../../../lib/models.ts';

const ui = messages.ui;

export function RoomCards({ rooms, hotelId }: { rooms: readonly Room[]; hotelId: string }) {
  return (
    <div className="owner-card-grid">
      {rooms.map((room) => (
        <Card key={room._id} className="owner-room-card" role="article" aria-label={roomName(room.roomStandard, room.roomType)}>
          <div className="owner-room-images">
            {room.imageURLs.map((url, index) => (
              <img key={url} src={url} alt={`${room.roomStandard} ${ui.imageNumber(index + 1)}`} loading="lazy" />
            ))}
          </div>
          <div className="owner-card-body">
            <h2>{room.roomStandard}</h2>
            <div className="badges">
              {room.hasKitchen && (
                <Tag intent="success" minimal>
                  {ui.kitchenLabel}
                </Tag>
              )}
              {room.furnished && (
                <Tag intent="primary" minimal>
                  {ui.furnishedLabel}
                </Tag>
              )}
            </div>
            <dl className="owner-facts">
              <div>
                <dt>{ui.sizeLabel}</dt>
                <dd>{ui.sizeSqm(room.size)}</dd>
              </div>
              {room.roomType === 'Flat' && (
                <div>
                  <dt>{ui.numberOfRoomsShort}</dt>
                  <dd>{room.numberOfRooms}</dd>
                </div>
              )}
              <div>
                <dt>{ui.pricePerNightLabel}</dt>
                <dd>{formatRupees(room.pricePerNight)}</dd>
              </div>
              <div>
                <dt>{ui.bedTypeLabel}</dt>
                <dd>{room.bedType}</dd>
              </div>
              <div>
                <dt>{ui.typeLabel}</dt>
                <dd>{roomTypeLabel(room.roomType)}</dd>
              </div>
              <div>
                <dt>{ui.totalUnitsShort}</dt>
                <dd>{room.totalUnits}</dd>
              </div>
              <div>
                <dt>{ui.maxGuestsLabel}</dt>
                <dd data-testid="max-guests">{maxGuestsOf(room)}</dd>
              </div>
            </dl>
            <h3>{ui.amenitiesTitle}</h3>
            <div className="amenity-grid">
              <AmenityList amenities={room.amenities} known={ROOM_AMENITY_ICONS} />
            </div>
            <div className="owner-room-actions">
              <Link className={`${Classes.BUTTON} ${Classes.intentClass(Intent.PRIMARY)} update-room`} to={`/update-room-data/${hotelId}/${room._id}`}>
                {ui.ownerUpdate}
              </Link>
              <Link className={`${Classes.BUTTON} room-calendar`} to={`/room-calendar/${hotelId}/${room._id}`}>
                {closureMessages.openCalendar}
              </Link>
            </div>
          </div>
        </Card>
      ))}
    </div>
  );
}
