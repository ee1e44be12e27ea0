/**
 * The add and update hotel form (spec section 5). Its draft lives here; the page passes
 * the starting draft, the saving flag and the outcome, and gets the draft on submit.
 */
import { Button, FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { limits, messages } from '@stays/contracts';
import { useId, type FormEvent } from 'react';
import { ImagePicker } from '../../../components/ImagePicker.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { useFormDraft } from '../../../lib/use-form-draft.ts';
import { hotelImageCountError, type HotelDraft, type HotelFormMode, type HotelTextField } from '../hotel-draft.ts';
import { PlacesEditor } from './PlacesEditor.tsx';

const ui = messages.ui;

interface HotelFormProps {
  readonly mode: HotelFormMode;
  readonly initial: HotelDraft;
  /** Images the hotel has now (update form). */
  readonly currentImages?: readonly string[];
  readonly saving: boolean;
  readonly error: string | null;
  readonly success: string | null;
  readonly onSubmit: (draft: HotelDraft) => void;
}

export function HotelForm({ mode, initial, currentImages = [], saving, error, success, onSubmit }: HotelFormProps) {
  const { draft, edit: setDraft, edited, submitted } = useFormDraft(initial);
  const required = mode === 'create';
  const setField = (field: HotelTextField, value: string) => setDraft((d) => ({ ...d, fields: { ...d.fields, [field]: value } }));
  const field = (name: HotelTextField, label: string, props: Record<string, unknown> = {}, helper?: string) => (
    <TextField
      name={name}
      label={label}
      value={draft.fields[name]}
      onChange={(v) => setField(name, v)}
      required={required && name !== 'state'}
      helper={helper}
      {...props}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
    onSubmit(draft);
  };
  const keptImages = currentImages.filter((url) => !draft.removedImages.includes(url));

  return (
    <form className="owner-form" onSubmit={submit} noValidate={false}>
      <div className="form-grid">
        {field(
          'hotelName',
          ui.hotelNameLabel,
          { minLength: limits.hotelName.min, maxLength: limits.hotelName.max },
          ui.charactersRange(limits.hotelName.min, limits.hotelName.max),
        )}
        {field(
          'address',
          ui.addressLabel,
          { minLength: limits.address.min, maxLength: limits.address.max },
          ui.charactersRange(limits.address.min, limits.address.max),
        )}
      </div>
      <DescriptionField value={draft.fields.description} required={required} onChange={(v) => setField('description', v)} />
      <div className="form-grid three">
        {field('city', ui.cityLabel)}
        {field('state', ui.stateLabel)}
        {field('country', ui.countryLabel)}
        {field('pinCode', ui.pinCodeLabel, { inputMode: 'numeric', pattern: '\\d*' })}
        {field('phoneNumber', ui.hotelPhoneLabel, { inputMode: 'numeric', pattern: `\\d{${limits.phoneDigits}}`, maxLength: limits.phoneDigits, type: 'tel' })}
        {field('startingPrice', ui.startingPriceInputLabel, { type: 'number', min: 0, inputMode: 'numeric' })}
        {field('checkInTime', ui.checkInTimeLabel, { type: 'time' })}
        {field('checkOutTime', ui.checkOutTimeLabel, { type: 'time' })}
      </div>
      {field('amenities', ui.hotelAmenitiesLabel)}

      <PlacesEditor mode={mode} places={draft.places} onChange={(places) => setDraft((d) => ({ ...d, places }))} />

      {currentImages.length > 0 && (
        <section className="current-images" aria-label={ui.currentImagesTitle}>
          <h2>{ui.currentImagesTitle}</h2>
          <ul className={draft.images.length > 0 ? 'image-previews replaced' : 'image-previews'}>
            {keptImages.map((url) => {
              const index = currentImages.indexOf(url) + 1;
              return (
                <li key={url}>
                  <img src={url} alt={ui.imageNumber(index)} />
                  <Button
                    className="remove-image"
                    icon="cross"
                    size="small"
                    intent={Intent.DANGER}
                    aria-label={ui.removeImage(index)}
                    onClick={() => setDraft((d) => ({ ...d, removedImages: [...d.removedImages, url] }))}
                  />
                </li>
              );
            })}
          </ul>
          {draft.images.length > 0 ? (
            <p className="muted">{ui.newImagesReplace}</p>
          ) : (
            draft.removedImages.length > 0 && <p className="notice notice-error">{ui.removedImagesNeedNew}</p>
          )}
        </section>
      )}
      <ImagePicker
        label={ui.hotelImagesLabel}
        buttonText={ui.uploadImagesButton}
        validate={hotelImageCountError}
        accepted={draft.images}
        onAccepted={(images) => setDraft((d) => ({ ...d, images }))}
        readyText={ui.imagesReady}
        previewAlt={(i) => `${ui.newImagesTitle}: ${ui.imageNumber(i)}`}
        disabled={saving}
      />

      <Button
        type="submit"
        intent={Intent.PRIMARY}
        fill
        size="large"
        className="submit-button"
        disabled={saving}
        text={mode === 'create' ? (saving ? ui.addingHotel : ui.createHotelButton) : saving ? ui.updatingHotel : ui.updateHotel}
      />
      <Notice ok={false} text={edited ? null : error} />
      <Notice ok text={success} />
    </form>
  );
}

function TextField({
  name,
  label,
  value,
  onChange,
  required,
  helper,
  ...props
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required: boolean;
  helper?: string;
  [prop: string]: unknown;
}) {
  const id = useId();
  return (
    <FormGroup label={label} labelFor={id} helperText={helper} className={`field-${name}`}>
      <InputGroup id={id} name={name} value={value} required={required} onChange={(e) => onChange(e.target.value)} {...props} />
    </FormGroup>
  );
}

function DescriptionField({ value, required, onChange }: { value: string; required: boolean; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <FormGroup
      label={ui.descriptionLabel}
      labelFor={id}
      helperText={`${ui.charactersRange(limits.description.min, limits.description.max)} · ${value.trim().length}`}
    >
      <TextArea
        id={id}
        name="description"
        value={value}
        required={required}
        minLength={limits.description.min}
        maxLength={limits.description.max}
        fill
        rows={4}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormGroup>
  );
}
