/** The hotel detail page body (spec section 2): photos, facts, amenities, guidelines, nearby places. */
import { Button, Card, FormGroup, InputGroup, Tab, Tabs } from '@blueprintjs/core';
import { formatRupees, HOTEL_AMENITY_ICONS, messages, timings } from '@stays/contracts';
import { useEffect, useId, useState } from 'react';
import { AmenityList } from '../../../components/Amenities.tsx';
import { CategoryBadge } from '../../../components/CategoryBadge.tsx';
import { ImageCarousel } from '../../../components/ImageCarousel.tsx';
import { twelveHour } from '../../../lib/dates.ts';
import type { Hotel } from '../../../lib/models.ts';

const ui = messages.ui;

function CopyLink() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), timings.linkCopiedMs);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
    } catch {
      // Clipboard refused (insecure context): still tell the person the address is the link.
    }
    setCopied(true);
  };
  return (
    <span className="copy-link">
      <Button icon="link" text={ui.copyLink} onClick={() => void copy()} />
      {copied && (
        <span className="notice-ok" role="status">
          {ui.linkCopied}
        </span>
      )}
    </span>
  );
}

interface PlaceRow {
  readonly key: string;
  readonly name: string;
  readonly distance: number;
}

function NearbyPlaces({ hotel }: { hotel: Hotel }) {
  const distanceId = useId();
  const lists: { id: string; title: string; places: PlaceRow[] }[] = [
    {
      id: 'famousTouristPlaces',
      title: ui.nearbyTabs.famousTouristPlaces,
      places: hotel.famousTouristPlaces.map((p) => ({ key: p._id, name: p.name, distance: p.distance })),
    },
    { id: 'restaurants', title: ui.nearbyTabs.restaurants, places: hotel.restaurants.map((p) => ({ key: p._id, name: p.name, distance: p.distance })) },
    { id: 'cinemaHalls', title: ui.nearbyTabs.cinemaHalls, places: hotel.cinemaHalls.map((p) => ({ key: p._id, name: p.name, distance: p.distance })) },
    {
      id: 'transportationFacilities',
      title: ui.nearbyTabs.transportationFacilities,
      places: hotel.transportationFacilities.map((p) => ({ key: p._id, name: [p.type, p.name].filter(Boolean).join(': '), distance: p.distance })),
    },
  ];
  const all = lists.flatMap((list) => list.places);
  const tabs = [{ id: 'all', title: ui.nearbyTabs.all, places: all }, ...lists].filter((tab) => tab.places.length > 0);
  if (tabs.length === 0) return null;
  const panel = (places: PlaceRow[]) => (
    <ul className="places">
      {places.map((place) => (
        <li key={place.key}>
          <span>{place.name}</span>
          <span className="muted">{ui.distanceKm(place.distance)}</span>
        </li>
      ))}
    </ul>
  );
  return (
    <section className="detail-section">
      <h2>{ui.nearbyTitle}</h2>
      <FormGroup label={ui.findDistance} labelFor={distanceId}>
        {/* Present and does nothing (spec section 2). */}
        <InputGroup id={distanceId} leftIcon="map-marker" placeholder={ui.findDistance} />
      </FormGroup>
      <Tabs id="nearby" renderActiveTabPanelOnly className="nearby-tabs">
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} title={tab.title} panel={panel(tab.places)} />
        ))}
      </Tabs>
    </section>
  );
}

export function HotelDetail({ hotel }: { hotel: Hotel }) {
  return (
    <article className="hotel-detail">
      <ImageCarousel className="detail-carousel" slides={hotel.imageURLs.map((url, i) => ({ url, alt: ui.thumbnailOf(hotel.hotelName, i + 1) }))} />
      <div className="detail-heading">
        <div>
          <h1>{hotel.hotelName}</h1>
          <p className="muted">{hotel.address}</p>
        </div>
        <CopyLink />
      </div>
      <Card className="facts">
        <dl>
          <div>
            <dt>{ui.startingFrom}</dt>
            <dd>
              <strong>{formatRupees(hotel.startingPrice)}</strong> <CategoryBadge startingPrice={hotel.startingPrice} />
            </dd>
          </div>
          <div>
            <dt>{ui.phoneLabel}</dt>
            <dd>{hotel.phoneNumber}</dd>
          </div>
          <div>
            <dt>{ui.cityStateLabel}</dt>
            <dd>{[hotel.city, hotel.state].filter(Boolean).join(', ')}</dd>
          </div>
          <div>
            <dt>{ui.countryLabel}</dt>
            <dd>{hotel.country}</dd>
          </div>
          <div>
            <dt>{ui.checkInLabel}</dt>
            <dd>{twelveHour(hotel.checkInTime)}</dd>
          </div>
          <div>
            <dt>{ui.checkOutLabel}</dt>
            <dd>{twelveHour(hotel.checkOutTime)}</dd>
          </div>
        </dl>
      </Card>
      <section className="detail-section">
        <h2>{ui.descriptionTitle}</h2>
        <p>{hotel.description}</p>
      </section>
      <section className="detail-section">
        <h2>{ui.amenitiesTitle}</h2>
        <AmenityList amenities={hotel.amenities} known={HOTEL_AMENITY_ICONS} />
      </section>
      <section className="detail-section">
        <h2>{ui.guidelinesTitle}</h2>
        <ul className="guidelines">
          <li>{ui.guidelineCouples}</li>
          <li>{ui.guidelineIdProof}</li>
          <li>{ui.guidelineTradeName}</li>
        </ul>
      </section>
      <NearbyPlaces hotel={hotel} />
    </article>
  );
}
