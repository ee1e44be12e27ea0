/**
 * Owner-only pages: placeholders until the owner screens land. Replace an entry with the
 * real page (the route, its guard and lazy loading are already in app/router.tsx).
 */
import { NonIdealState } from '@blueprintjs/core';
import { messages } from '@stays/contracts';
import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';

const ui = messages.ui;

function placeholder(title: string): ComponentType {
  return function OwnerPlaceholder() {
    const params = useParams();
    return (
      <div className="page narrow">
        <NonIdealState icon="office" title={title} description={ui.ownerAreaComingSoon} />
        <p className="sr-only">{JSON.stringify(params)}</p>
      </div>
    );
  };
}

export const ownerPages = {
  addHotel: placeholder(ui.addHotelTitle),
  updateHotel: placeholder(ui.updateHotelTitle),
  hotelDetails: placeholder(ui.ownerProfileTitle),
  addRoom: placeholder(ui.addRoomTitle),
  roomData: placeholder(ui.ownerRoomsTitle),
  updateRoomData: placeholder(ui.updateRoomTitle),
  ownerBookings: placeholder(ui.ownerBookingsTitle),
} satisfies Record<string, ComponentType>;
