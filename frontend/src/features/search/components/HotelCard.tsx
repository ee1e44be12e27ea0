/**
 * A search result (spec section 2): photos, facts, availability marks, View and Book links.
 * In a search for a stay it also shows the price of the whole stay (the lowest payable
 * amount of its bookable listings) and 'Only N left' when its fewest free units are few, and
 * its links carry the stay.
 */
import { Card, Classes, Icon, Intent, Tag } from '@blueprintjs/core';
import { addressWithCity, fewLeft, formatRupees, limits, messages, roomTypeLabel, ROOM_TYPES } from '@stays/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CategoryBadge } from '../../../components/CategoryBadge.tsx';
import type { Hotel } from '../../../lib/models.ts';

const ui = messages.ui;

interface HotelCardProps {
  readonly hotel: Hotel;
  /** The searched stay as a query string for the View and Book links; empty when the search has none. */
  readonly stayQuery?: string;
  /** The searched stay's nights; null when the search has no stay. */
  readonly nights?: number | null;
}

export function HotelCard({ hotel, stayQuery = '', nights = null }: HotelCardProps) {
  const withStay = (path: string) => (stayQuery === '' ? path : `${path}?${stayQuery}`);
  const stay = nights === null ? undefined : hotel.availability;
  const thumbnails = hotel.imageURLs.slice(0, limits.resultCardThumbnails);
  const [main, setMain] = useState(thumbnails[0]);
  const offered = new Set(hotel.roomTypes ?? []);
  return (
    <Card className="hotel-card" elevation={1} role="article" aria-label={hotel.hotelName}>
      <div className="hotel-card-photos">
        {main !== undefined && <img className="hotel-card-main" src={main} alt={ui.hotelPhoto(hotel.hotelName)} loading="lazy" />}
        {main !== undefined && (
          <a className="view-big" href={main} target="_blank" rel="noreferrer">
            {ui.viewInBigSize}
          </a>
        )}
        <div className="thumbnails">
          {thumbnails.map((url, i) => (
            <button type="button" key={url} className={url === main ? 'thumb active' : 'thumb'} onClick={() => setMain(url)}>
              <img src={url} alt={ui.thumbnailOf(hotel.hotelName, i + 1)} loading="lazy" />
            </button>
          ))}
        </div>
      </div>
      <div className="hotel-card-body">
        <div className="hotel-card-title">
          <h2>{hotel.hotelName}</h2>
          <CategoryBadge startingPrice={hotel.startingPrice} />
        </div>
        <p className="muted">{addressWithCity(hotel.address, hotel.city)}</p>
        <p className="price">
          <span className="muted">{ui.startingFrom}</span> <strong>{formatRupees(hotel.startingPrice)}</strong>
        </p>
        {stay !== undefined && nights !== null && (
          <p className="stay-price">
            <span className="muted">{ui.stayPriceCaption}</span> <strong>{ui.stayPrice(formatRupees(stay.lowestPayableAmount), nights)}</strong>
            {fewLeft(stay.fewestFree) && (
              <>
                {' '}
                <Tag intent={Intent.DANGER} minimal className="only-left">
                  {ui.onlyLeft(stay.fewestFree)}
                </Tag>
              </>
            )}
          </p>
        )}
        <p>
          <Icon icon="phone" size={12} /> <span className="sr-only">{ui.phoneLabel}</span> {hotel.phoneNumber}
        </p>
        <ul className="chips">
          {hotel.amenities.slice(0, limits.resultCardAmenities).map((amenity) => (
            <li key={amenity} className="chip">
              {amenity}
            </li>
          ))}
        </ul>
        <ul className="availability">
          {ROOM_TYPES.map((type) => {
            const label = roomTypeLabel(type);
            const has = offered.has(type);
            return (
              <li key={type} className={has ? 'available' : 'unavailable'} aria-label={has ? ui.available(label) : ui.notAvailable(label)}>
                <Icon icon={has ? 'tick-circle' : 'cross-circle'} intent={has ? Intent.SUCCESS : Intent.DANGER} size={14} /> {label}
              </li>
            );
          })}
        </ul>
        <div className="hotel-card-actions">
          <Link className={`${Classes.BUTTON} ${Classes.intentClass(Intent.PRIMARY)}`} to={withStay(`/hotel/${hotel._id}`)}>
            {ui.viewLink}
          </Link>
          <a
            className={`${Classes.BUTTON} ${Classes.intentClass(Intent.SUCCESS)}`}
            href={withStay(`/book-hotel/${hotel._id}`)}
            target="_blank"
            rel="noreferrer"
          >
            {ui.bookLink}
          </a>
        </div>
      </div>
    </Card>
  );
}
