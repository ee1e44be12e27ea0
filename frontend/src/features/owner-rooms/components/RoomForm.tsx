/**
 * The add room and room update form (spec sections 2 and 5). Number of rooms and Kitchen
 * apply to an Apartment (Flat) only. Previews show newly chosen images, otherwise the
 * room's current ones.
 */
import { Button, Checkbox, FormGroup, InputGroup, Intent, Radio } from '@blueprintjs/core';
import { BED_TYPES, ROOM_TYPES, limits, maxGuestsOf, messages, roomTypeLabel } from '@stays/contracts';
import { useId, type FormEvent } from 'react';
import { Counter } from '../../../components/Counter.tsx';
import { ImagePicker } from '../../../components/ImagePicker.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { useFormDraft } from '../../../lib/use-form-draft.ts';
import { roomImageCountError, type RoomDraft, type RoomFormMode } from '../room-draft.ts';

const ui = messages.ui;

interface RoomFormProps {
  readonly mode: RoomFormMode;
  readonly initial: RoomDraft;
  readonly currentImages?: readonly string[];
  readonly saving: boolean;
  readonly error: string | null;
  readonly success: string | null;
  readonly onSubmit: (draft: RoomDraft) => void;
}

export function RoomForm({ mode, initial, currentImages = [], saving, error, success, onSubmit }: RoomFormProps) {
  const { draft, edit: setDraft, edited, submitted } = useFormDraft(initial);
  const ids = { standard: useId(), amenities: useId(), size: useId(), price: useId(), units: useId(), guests: useId() };
  const bedsSleep = maxGuestsOf({ bedType: draft.bedType, roomType: draft.roomType, numberOfRooms: draft.numberOfRooms });
  const set = <K extends keyof RoomDraft>(key: K, value: RoomDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const isFlat = draft.roomType === 'Flat';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
    onSubmit(draft);
  };

  return (
    <form className="owner-form" onSubmit={submit}>
      <div className="form-grid">
        <FormGroup label={ui.roomStandardInputLabel} labelFor={ids.standard}>
          <InputGroup id={ids.standard} value={draft.roomStandard} required onChange={(e) => set('roomStandard', e.target.value)} />
        </FormGroup>
        <FormGroup label={ui.roomAmenitiesLabel} labelFor={ids.amenities}>
          <InputGroup id={ids.amenities} value={draft.amenities} onChange={(e) => set('amenities', e.target.value)} />
        </FormGroup>
        <FormGroup label={ui.roomSizeLabel} labelFor={ids.size}>
          <InputGroup
            id={ids.size}
            type="number"
            min={0}
            inputMode="decimal"
            value={draft.size}
            required={mode === 'create'}
            onChange={(e) => set('size', e.target.value)}
          />
        </FormGroup>
        <FormGroup label={ui.pricePerNightLabel} labelFor={ids.price}>
          <InputGroup
            id={ids.price}
            type="number"
            min={0}
            inputMode="numeric"
            value={draft.pricePerNight}
            required={mode === 'create'}
            onChange={(e) => set('pricePerNight', e.target.value)}
          />
        </FormGroup>
      </div>
      <div className="form-grid">
        <fieldset className="radio-row">
          <legend>{ui.roomTypeLabel}</legend>
          {ROOM_TYPES.map((type) => (
            <Radio
              key={type}
              name="roomType"
              inline
              label={roomTypeLabel(type)}
              value={type}
              checked={draft.roomType === type}
              onChange={() =>
                setDraft((d) => ({ ...d, roomType: type, ...(type === 'Room' && { numberOfRooms: limits.minRoomsGuestsNights, hasKitchen: false }) }))
              }
            />
          ))}
        </fieldset>
        <fieldset className="radio-row">
          <legend>{ui.bedTypeLabel}</legend>
          {BED_TYPES.map((bed) => (
            <Radio key={bed} name="bedType" inline label={bed} value={bed} checked={draft.bedType === bed} onChange={() => set('bedType', bed)} />
          ))}
        </fieldset>
      </div>
      <div className="form-grid">
        {isFlat && (
          <div>
            <Counter label={ui.numberOfRoomsLabel} value={draft.numberOfRooms} min={limits.minRoomsGuestsNights} onChange={(n) => set('numberOfRooms', n)} />
            <Checkbox
              label={ui.kitchenLabel}
              checked={draft.hasKitchen}
              onChange={(e) => set('hasKitchen', e.currentTarget.checked)}
              className="flat-kitchen"
            />
          </div>
        )}
        <div>
          <Checkbox label={ui.furnishedLabel} checked={draft.furnished} onChange={(e) => set('furnished', e.currentTarget.checked)} />
          <FormGroup label={ui.totalUnitsLabel} labelFor={ids.units}>
            <InputGroup id={ids.units} type="number" min={1} inputMode="numeric" value={draft.totalUnits} onChange={(e) => set('totalUnits', e.target.value)} />
          </FormGroup>
          <FormGroup label={ui.maxGuestsLabel} labelFor={ids.guests} helperText={ui.maxGuestsHelper(bedsSleep)}>
            <InputGroup
              id={ids.guests}
              type="number"
              min={limits.maxGuestsPerUnit.min}
              max={limits.maxGuestsPerUnit.max}
              step={1}
              inputMode="numeric"
              placeholder={String(bedsSleep)}
              value={draft.maxGuests}
              onChange={(e) => set('maxGuests', e.target.value)}
            />
          </FormGroup>
        </div>
      </div>
      <ImagePicker
        label={ui.roomImagesLabel}
        buttonText={ui.uploadButton}
        validate={roomImageCountError}
        accepted={draft.images}
        onAccepted={(images) => set('images', images)}
        readyText={ui.imagesReady}
        previewAlt={(i) => `${ui.newImagesTitle}: ${ui.imageNumber(i)}`}
        disabled={saving}
      />
      {draft.images.length === 0 && currentImages.length > 0 && (
        <ul className="image-previews" aria-label={ui.currentImagesTitle}>
          {currentImages.map((url, index) => (
            <li key={url}>
              <img src={url} alt={`${ui.currentImagesTitle}: ${ui.imageNumber(index + 1)}`} />
            </li>
          ))}
        </ul>
      )}
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        fill
        size="large"
        className="submit-button"
        disabled={saving}
        text={mode === 'create' ? (saving ? ui.addingRoom : ui.addRoomButton) : saving ? ui.updatingHotel : ui.ownerUpdate}
      />
      <Notice ok={false} text={edited ? null : error} />
      <Notice ok text={success} />
    </form>
  );
}
