/**
 * Side filters (spec section 2): prices, sort, and the room category form. Applying
 * replaces the query string; the page reloads results from it.
 */
import { Button, Checkbox, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { BED_TYPES, messages } from '@stays/contracts';
import { useId, useState, type FormEvent } from 'react';

const ui = messages.ui;

type Query = Readonly<Record<string, string>>;

function PriceField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <FormGroup label={label} labelFor={id} className="compact-group">
      <InputGroup id={id} type="number" min={0} inputMode="numeric" value={value} leftElement={<span className="rupee">₹</span>}
        onChange={(event) => onChange(event.target.value.replace(/^-/, ''))} />
    </FormGroup>
  );
}

const listOf = (value: string | undefined) => (value ? value.split(',') : []);
const toggle = (list: string[], item: string, on: boolean) => (on ? [...new Set([...list, item])] : list.filter((x) => x !== item));

export function SearchFilters({ query, onApply }: { query: Query; onApply: (changes: Record<string, string | undefined>) => void }) {
  const sortId = useId();
  const [minPrice, setMinPrice] = useState(query.minPrice ?? '');
  const [maxPrice, setMaxPrice] = useState(query.maxPrice ?? '');
  const [startingPrice, setStartingPrice] = useState(query.startingPrice ?? '');
  const [roomTypes, setRoomTypes] = useState(listOf(query.roomType));
  const [bedTypes, setBedTypes] = useState(listOf(query.bedType));
  const [furnished, setFurnished] = useState(query.furnished === 'true');
  const [hasKitchen, setHasKitchen] = useState(query.hasKitchen === 'true');
  const [pricePerNight, setPricePerNight] = useState(query.pricePerNight ?? '');
  /** The room form needs one option chosen; otherwise this flag is set, with no message (spec section 5). */
  const [, setRoomFormEmpty] = useState(false);

  const sortIndex = Math.max(0, ui.sortOptions.findIndex((o) => o.sort === (query.sort ?? 'created_at') && o.order === (query.order ?? 'desc')));

  const applyPrices = (event: FormEvent) => {
    event.preventDefault();
    onApply({ minPrice, maxPrice, startingPrice });
  };

  const applyRooms = (event: FormEvent) => {
    event.preventDefault();
    const empty = roomTypes.length === 0 && bedTypes.length === 0 && !furnished && !hasKitchen && pricePerNight === '';
    setRoomFormEmpty(empty);
    if (empty) return;
    onApply({
      roomType: roomTypes.join(','), bedType: bedTypes.join(','), pricePerNight,
      furnished: furnished ? 'true' : undefined, hasKitchen: hasKitchen ? 'true' : undefined,
    });
  };

  const clear = () => {
    setMinPrice(''); setMaxPrice(''); setStartingPrice(''); setRoomTypes([]); setBedTypes([]); setFurnished(false); setHasKitchen(false); setPricePerNight('');
    onApply({ minPrice: undefined, maxPrice: undefined, startingPrice: undefined, roomType: undefined, bedType: undefined, pricePerNight: undefined, furnished: undefined, hasKitchen: undefined });
  };

  return (
    <aside className="filters" aria-label={ui.filtersTitle}>
      <h2>{ui.filtersTitle}</h2>
      <form onSubmit={applyPrices} className="filter-block">
        <PriceField label={ui.minPriceLabel} value={minPrice} onChange={setMinPrice} />
        <PriceField label={ui.maxPriceLabel} value={maxPrice} onChange={setMaxPrice} />
        <PriceField label={ui.startingPriceLabel} value={startingPrice} onChange={setStartingPrice} />
        <Button type="submit" intent={Intent.PRIMARY} text={ui.applyFilters} fill />
      </form>
      <FormGroup label={ui.sortByLabel} labelFor={sortId} className="filter-block">
        <HTMLSelect id={sortId} fill value={String(sortIndex)}
          onChange={(event) => {
            const option = ui.sortOptions[Number(event.target.value)]!;
            onApply({ sort: option.sort, order: option.order });
          }}
          options={ui.sortOptions.map((option, i) => ({ label: option.label, value: String(i) }))} />
      </FormGroup>
      <form onSubmit={applyRooms} className="filter-block">
        <fieldset>
          <legend>{ui.roomCategoryTitle}</legend>
          <Checkbox label={ui.roomLabel} checked={roomTypes.includes('Room')} onChange={(e) => setRoomTypes(toggle(roomTypes, 'Room', e.currentTarget.checked))} />
          <Checkbox label={ui.apartmentLabel} checked={roomTypes.includes('Flat')} onChange={(e) => setRoomTypes(toggle(roomTypes, 'Flat', e.currentTarget.checked))} />
        </fieldset>
        <fieldset>
          <legend>{ui.bedTypeLabel}</legend>
          {BED_TYPES.map((bed) => (
            <Checkbox key={bed} label={bed} checked={bedTypes.includes(bed)} onChange={(e) => setBedTypes(toggle(bedTypes, bed, e.currentTarget.checked))} />
          ))}
        </fieldset>
        <Checkbox label={ui.furnishedLabel} checked={furnished} onChange={(e) => setFurnished(e.currentTarget.checked)} />
        <Checkbox label={ui.kitchenLabel} checked={hasKitchen} onChange={(e) => setHasKitchen(e.currentTarget.checked)} />
        <PriceField label={ui.pricePerNightLabel} value={pricePerNight} onChange={setPricePerNight} />
        <Button type="submit" intent={Intent.PRIMARY} text={ui.searchRooms} fill />
      </form>
      <Button variant="minimal" text={ui.clearFilters} onClick={clear} fill />
    </aside>
  );
}
