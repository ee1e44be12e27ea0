/**
 * Search filters (spec section 2): prices, sort, and the room category form. Applying
 * replaces the query string; the page reloads results from it.
 * At desktop widths they sit beside the results as the spec shows them (two forms and the
 * sort select); on a phone the page puts them in drawers (`FiltersDrawer`, `SortDrawer`)
 * so the results come first, with one submit for every filter.
 */
import { Button, Checkbox, Classes, Drawer, FormGroup, HTMLSelect, InputGroup, Intent, Position, Radio, RadioGroup } from '@blueprintjs/core';
import { BED_TYPES, messages } from '@stays/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';

const ui = messages.ui;

type Query = Readonly<Record<string, string>>;
type Apply = (changes: Record<string, string | undefined>) => void;

function PriceField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <FormGroup label={label} labelFor={id} className="compact-group">
      <InputGroup
        id={id}
        type="number"
        min={0}
        inputMode="numeric"
        value={value}
        leftElement={<span className="rupee">₹</span>}
        onChange={(event) => onChange(event.target.value.replace(/^-/, ''))}
      />
    </FormGroup>
  );
}

const listOf = (value: string | undefined) => (value ? value.split(',') : []);
const toggle = (list: string[], item: string, on: boolean) => (on ? [...new Set([...list, item])] : list.filter((x) => x !== item));
const sortIndexOf = (query: Query) =>
  Math.max(
    0,
    ui.sortOptions.findIndex((o) => o.sort === (query.sort ?? 'created_at') && o.order === (query.order ?? 'desc')),
  );
const sortChange = (index: number) => {
  const option = ui.sortOptions[index]!;
  return { sort: option.sort, order: option.order };
};
const NO_FILTERS = {
  minPrice: undefined,
  maxPrice: undefined,
  startingPrice: undefined,
  roomType: undefined,
  bedType: undefined,
  pricePerNight: undefined,
  furnished: undefined,
  hasKitchen: undefined,
};

/** The filter fields' state, initialised from the query, with the changes each form applies. */
function useFilterFields(query: Query) {
  const [minPrice, setMinPrice] = useState(query.minPrice ?? '');
  const [maxPrice, setMaxPrice] = useState(query.maxPrice ?? '');
  const [startingPrice, setStartingPrice] = useState(query.startingPrice ?? '');
  const [roomTypes, setRoomTypes] = useState(listOf(query.roomType));
  const [bedTypes, setBedTypes] = useState(listOf(query.bedType));
  const [furnished, setFurnished] = useState(query.furnished === 'true');
  const [hasKitchen, setHasKitchen] = useState(query.hasKitchen === 'true');
  const [pricePerNight, setPricePerNight] = useState(query.pricePerNight ?? '');
  const clear = () => {
    setMinPrice('');
    setMaxPrice('');
    setStartingPrice('');
    setRoomTypes([]);
    setBedTypes([]);
    setFurnished(false);
    setHasKitchen(false);
    setPricePerNight('');
  };
  const prices = { minPrice, maxPrice, startingPrice };
  const rooms = {
    roomType: roomTypes.join(','),
    bedType: bedTypes.join(','),
    pricePerNight,
    furnished: furnished ? 'true' : undefined,
    hasKitchen: hasKitchen ? 'true' : undefined,
  };
  const roomFormEmpty = roomTypes.length === 0 && bedTypes.length === 0 && !furnished && !hasKitchen && pricePerNight === '';

  const priceFields = (
    <>
      <PriceField label={ui.minPriceLabel} value={minPrice} onChange={setMinPrice} />
      <PriceField label={ui.maxPriceLabel} value={maxPrice} onChange={setMaxPrice} />
      <PriceField label={ui.startingPriceLabel} value={startingPrice} onChange={setStartingPrice} />
    </>
  );
  const roomFields = (
    <>
      <fieldset>
        <legend>{ui.roomCategoryTitle}</legend>
        <Checkbox
          label={ui.roomLabel}
          checked={roomTypes.includes('Room')}
          onChange={(e) => setRoomTypes(toggle(roomTypes, 'Room', e.currentTarget.checked))}
        />
        <Checkbox
          label={ui.apartmentLabel}
          checked={roomTypes.includes('Flat')}
          onChange={(e) => setRoomTypes(toggle(roomTypes, 'Flat', e.currentTarget.checked))}
        />
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
    </>
  );
  return { prices, rooms, roomFormEmpty, clear, priceFields, roomFields };
}

/** The side filters at desktop widths: the price form, the sort select and the room form. */
export function SearchFilters({ query, onApply }: { query: Query; onApply: Apply }) {
  const sortId = useId();
  const fields = useFilterFields(query);

  const applyPrices = (event: FormEvent) => {
    event.preventDefault();
    onApply(fields.prices);
  };
  const applyRooms = (event: FormEvent) => {
    event.preventDefault();
    // The room form needs one option chosen; otherwise it does nothing, with no message (spec section 5).
    if (!fields.roomFormEmpty) onApply(fields.rooms);
  };

  return (
    <aside className="filters" aria-label={ui.filtersTitle}>
      <h2>{ui.filtersTitle}</h2>
      <form onSubmit={applyPrices} className="filter-block">
        {fields.priceFields}
        <Button type="submit" intent={Intent.PRIMARY} text={ui.applyFilters} fill />
      </form>
      <FormGroup label={ui.sortByLabel} labelFor={sortId} className="filter-block">
        <HTMLSelect
          id={sortId}
          fill
          value={String(sortIndexOf(query))}
          onChange={(event) => onApply(sortChange(Number(event.target.value)))}
          options={ui.sortOptions.map((option, i) => ({ label: option.label, value: String(i) }))}
        />
      </FormGroup>
      <form onSubmit={applyRooms} className="filter-block">
        {fields.roomFields}
        <Button type="submit" intent={Intent.PRIMARY} text={ui.searchRooms} fill />
      </form>
      <Button
        variant="minimal"
        text={ui.clearFilters}
        onClick={() => {
          fields.clear();
          onApply(NO_FILTERS);
        }}
        fill
      />
    </aside>
  );
}

// Blueprint's Drawer gives its box no dialog role, so the content inside it carries the role and the name; its own
// title would be an h4 under the page's h1, so the dialog has its own h2 title bar.
interface DrawerProps {
  readonly query: Query;
  readonly onApply: Apply;
  readonly isOpen: boolean;
  readonly onClose: () => void;
}

function DrawerDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  return (
    <div className="drawer-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <div className={Classes.DRAWER_HEADER}>
        <h2 id={titleId} className={Classes.HEADING}>
          {title}
        </h2>
        <Button variant="minimal" icon="cross" aria-label={ui.close} onClick={onClose} />
      </div>
      {children}
    </div>
  );
}

/** Phones: every filter in one bottom drawer with one submit; the room options left empty simply filter nothing. */
export function FiltersDrawer({ query, onApply, isOpen, onClose }: DrawerProps) {
  const fields = useFilterFields(query);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply(fields.roomFormEmpty ? { ...NO_FILTERS, ...fields.prices } : { ...fields.prices, ...fields.rooms });
    onClose();
  };
  return (
    <Drawer isOpen={isOpen} onClose={onClose} position={Position.BOTTOM} size="85%" className="filters-drawer">
      <DrawerDialog title={ui.filtersTitle} onClose={onClose}>
        <form onSubmit={apply} className="drawer-form">
          <div className={Classes.DRAWER_BODY}>
            <div className="drawer-fields">
              <div className="filter-block">{fields.priceFields}</div>
              {fields.roomFields}
            </div>
          </div>
          <div className={`${Classes.DRAWER_FOOTER} drawer-actions`}>
            <Button
              variant="minimal"
              text={ui.clearFilters}
              onClick={() => {
                fields.clear();
                onApply(NO_FILTERS);
                onClose();
              }}
            />
            <Button type="submit" intent={Intent.PRIMARY} text={ui.applyFilters} />
          </div>
        </form>
      </DrawerDialog>
    </Drawer>
  );
}

/** Phones: the sort options in a bottom drawer; a choice applies at once, as the desktop select does. */
export function SortDrawer({ query, onApply, isOpen, onClose }: DrawerProps) {
  return (
    <Drawer isOpen={isOpen} onClose={onClose} position={Position.BOTTOM} size="auto" className="sort-drawer">
      <DrawerDialog title={ui.sortByLabel} onClose={onClose}>
        <div className={`${Classes.DRAWER_BODY} drawer-fields`}>
          <RadioGroup
            selectedValue={String(sortIndexOf(query))}
            onChange={(event) => {
              onApply(sortChange(Number(event.currentTarget.value)));
              onClose();
            }}
          >
            {ui.sortOptions.map((option, i) => (
              <Radio key={option.label} label={option.label} value={String(i)} />
            ))}
          </RadioGroup>
        </div>
      </DrawerDialog>
    </Drawer>
  );
}
