/** Nearby places per category: the current ones with a remove button, and a row to add one. */
import { Button, InputGroup, Intent } from '@blueprintjs/core';
import { NEARBY_PLACE_KINDS, limits, messages, type NearbyPlaceKind } from '@stays/contracts';
import { useId, useState } from 'react';
import { Notice } from '../../../components/Notice.tsx';
import { placeDraftError, type HotelFormMode, type PlaceDraft, type PlacesDraft } from '../hotel-draft.ts';

const ui = messages.ui;

export function PlacesEditor({ mode, places, onChange }: { mode: HotelFormMode; places: PlacesDraft; onChange: (places: PlacesDraft) => void }) {
  return (
    <fieldset className="places-editor">
      <legend>{ui.nearbyPlacesTitle}</legend>
      <div className="places-grid">
        {NEARBY_PLACE_KINDS.map((kind) => (
          <PlaceKind key={kind} kind={kind} mode={mode} places={places[kind]} onChange={(list) => onChange({ ...places, [kind]: list })} />
        ))}
      </div>
    </fieldset>
  );
}

function PlaceKind({
  kind,
  mode,
  places,
  onChange,
}: {
  kind: NearbyPlaceKind;
  mode: HotelFormMode;
  places: readonly PlaceDraft[];
  onChange: (list: PlaceDraft[]) => void;
}) {
  const title = ui.nearbyTabs[kind];
  const isTransport = kind === 'transportationFacilities';
  const ids = { name: useId(), type: useId(), distance: useId() };
  const [name, setName] = useState('');
  const [type, setType] = useState('');
  const [distance, setDistance] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const place: PlaceDraft = {
      name: name.trim(),
      distance: distance.trim() === '' ? Number.NaN : Number(distance),
      ...(isTransport && { type: type.trim() }),
    };
    const problem = placeDraftError(kind, place, mode);
    setError(problem);
    if (problem !== null) return;
    onChange([...places, place]);
    setName('');
    setType('');
    setDistance('');
  };

  return (
    <section className="place-kind" aria-label={title}>
      <h2>{title}</h2>
      {places.length === 0 ? (
        <p className="muted small">{ui.noPlacesYet}</p>
      ) : (
        <ul className="place-list">
          {places.map((place, index) => {
            const text = isTransport ? [place.type, place.name].filter(Boolean).join(' · ') : place.name;
            return (
              <li key={`${place._id ?? 'new'}-${index}`}>
                <span>
                  {text} <span className="muted">({ui.distanceKm(place.distance)})</span>
                </span>
                <Button
                  icon="cross"
                  variant="minimal"
                  size="small"
                  intent={Intent.DANGER}
                  aria-label={ui.removePlace(text)}
                  onClick={() => onChange(places.filter((_, i) => i !== index))}
                />
              </li>
            );
          })}
        </ul>
      )}
      <div className="place-add">
        {isTransport && (
          <>
            <label htmlFor={ids.type} className="sr-only">
              {ui.placeTypeLabel}
            </label>
            <InputGroup id={ids.type} value={type} placeholder={ui.placeTypeLabel} onChange={(e) => setType(e.target.value)} />
          </>
        )}
        <label htmlFor={ids.name} className="sr-only">
          {ui.placeNameLabel(title)}
        </label>
        <InputGroup id={ids.name} value={name} placeholder={ui.placeNameLabel(title)} onChange={(e) => setName(e.target.value)} />
        <label htmlFor={ids.distance} className="sr-only">
          {ui.placeDistanceLabel(title)}
        </label>
        <InputGroup
          id={ids.distance}
          type="number"
          inputMode="decimal"
          min={0}
          max={limits.placeDistanceKm.max}
          step="0.1"
          value={distance}
          placeholder={ui.placeDistanceLabel(title)}
          onChange={(e) => setDistance(e.target.value)}
        />
        <Button icon="plus" text={ui.addPlace(title)} onClick={add} />
      </div>
      <Notice ok={false} text={error} />
    </section>
  );
}
