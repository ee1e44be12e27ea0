/**
 * Finding a booking by any of `auditBookingsQuery`'s filters, combined: booking ID, guest
 * email (exact), hotel (picked from the suggestions for a name typed, or the name as typed),
 * first night from/to, status; each result opens its history.
 */
import { Button, Card, Classes, FormGroup, HTMLSelect, InputGroup, Intent, Menu, MenuItem, Tag } from '@blueprintjs/core';
import { AUDIT_BOOKING_STATUS_FILTERS, auditMessages, formatRupees, type AuditBookingStatus, type AuditHotelSuggestion } from '@stays/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { Notice } from '../../../components/Notice.tsx';
import type { BookingsQuery } from '../api/audit-api.ts';
import { selectAuditBookings, selectHotelSuggestions } from '../audit.selectors.ts';
import { auditActions } from '../audit.slice.ts';
import { Pager } from './Pager.tsx';

const texts = auditMessages;
const statusIntent: Record<AuditBookingStatus, Intent> = { upcoming: Intent.SUCCESS, completed: Intent.NONE, cancelled: Intent.DANGER };

function TextFilter({ label, value, onChange, type = 'text' }: { label: string; value: string; onChange: (value: string) => void; type?: string }) {
  const id = useId();
  return (
    <FormGroup label={label} labelFor={id}>
      <InputGroup id={id} type={type} value={value} onChange={(event) => onChange(event.target.value)} />
    </FormGroup>
  );
}

/**
 * The hotel filter: a name typed is searched as typed (any part, any case) until a hotel is
 * picked from the suggestions, which then names it by its ID (a tag with a clear button).
 */
function HotelFilter({
  picked,
  name,
  onName,
  onPick,
}: {
  picked: AuditHotelSuggestion | null;
  name: string;
  onName: (name: string) => void;
  onPick: (hotel: AuditHotelSuggestion | null) => void;
}) {
  const dispatch = useDispatch();
  const suggestions = useSelector(selectHotelSuggestions);
  const id = useId();
  const listId = useId();
  const shown = picked === null && suggestions.name === name && name.trim().length >= 2 ? suggestions.items : [];
  return (
    <FormGroup label={texts.hotelNameLabel} labelFor={id} className="audit-hotel-filter">
      {picked !== null ? (
        <div className="audit-hotel-picked">
          <Tag large minimal icon="office" htmlTitle={texts.hotelPicked(picked.hotelName, picked.city)}>
            {texts.hotelPicked(picked.hotelName, picked.city)}
          </Tag>
          <Button variant="minimal" icon="cross" aria-label={texts.clearHotel} title={texts.clearHotel} onClick={() => onPick(null)} />
        </div>
      ) : (
        <InputGroup
          id={id}
          value={name}
          placeholder={texts.hotelNamePlaceholder}
          autoComplete="off"
          role="combobox"
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          onChange={(event) => {
            onName(event.target.value);
            dispatch(auditActions.hotelSuggestionsRequested({ name: event.target.value }));
          }}
        />
      )}
      {shown.length > 0 && (
        <Menu id={listId} role="listbox" aria-label={texts.hotelSuggestionsLabel} className="audit-suggestions">
          {shown.map((hotel) => (
            <MenuItem key={hotel.hotelID} role="option" multiline text={hotel.hotelName} label={hotel.city} onClick={() => onPick(hotel)} />
          ))}
        </Menu>
      )}
    </FormGroup>
  );
}

export function BookingSearch() {
  const dispatch = useDispatch();
  const { status, error, result, query } = useSelector(selectAuditBookings);
  const [draft, setDraft] = useState<BookingsQuery>(query);
  const [hotel, setHotel] = useState<AuditHotelSuggestion | null>(null);
  const statusId = useId();
  const set = (field: keyof BookingsQuery) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // a picked hotel is named by its ID; otherwise the name typed is searched as text
    const byHotel = hotel === null ? { hotelID: undefined } : { hotelID: hotel.hotelID, hotelName: undefined };
    dispatch(auditActions.bookingsRequested({ query: { ...draft, ...byHotel, page: '1' } }));
  };
  const turnPage = (page: number) => dispatch(auditActions.bookingsRequested({ query: { ...query, page: String(page) } }));

  return (
    <section className="audit-section" aria-labelledby="audit-find">
      <h2 id="audit-find">{texts.findBooking}</h2>
      <form className="audit-filters" onSubmit={submit}>
        <TextFilter label={texts.bookingIdLabel} value={draft.bookingID ?? ''} onChange={set('bookingID')} />
        <TextFilter label={texts.guestEmailLabel} type="email" value={draft.guestEmail ?? ''} onChange={set('guestEmail')} />
        <HotelFilter picked={hotel} name={draft.hotelName ?? ''} onName={set('hotelName')} onPick={setHotel} />
        <TextFilter label={texts.firstNightFromLabel} type="date" value={draft.from ?? ''} onChange={set('from')} />
        <TextFilter label={texts.firstNightToLabel} type="date" value={draft.to ?? ''} onChange={set('to')} />
        <FormGroup label={texts.statusLabel} labelFor={statusId}>
          <HTMLSelect
            id={statusId}
            fill
            value={draft.status ?? ''}
            onChange={(event) => set('status')(event.target.value)}
            options={[{ value: '', label: texts.anyStatus }, ...AUDIT_BOOKING_STATUS_FILTERS.map((value) => ({ value, label: texts.statusFilters[value] }))]}
          />
        </FormGroup>
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="search"
          disabled={status === 'loading'}
          text={status === 'loading' ? texts.searching : texts.search}
        />
      </form>
      <Notice ok={false} text={error} />
      {result !== null && (
        <>
          <p className="audit-count" role="status">
            {result.total === 0 ? texts.noBookingsFound : texts.found(result.total)}
          </p>
          <ul className="audit-cards">
            {result.items.map((booking) => (
              <li key={booking.bookingID}>
                <Card className="audit-booking" role="article" aria-label={booking.bookingID}>
                  <div className="audit-booking-head">
                    <strong className="nowrap-id">{booking.bookingID}</strong>
                    <span className="audit-tags">
                      <Tag minimal intent={statusIntent[booking.status]}>
                        {texts.statuses[booking.status]}
                      </Tag>
                      {booking.paid && (
                        <Tag minimal intent={Intent.PRIMARY}>
                          {texts.paidTag}
                        </Tag>
                      )}
                    </span>
                  </div>
                  <dl className="audit-facts">
                    <div>
                      <dt>{texts.hotelColumn}</dt>
                      <dd>{booking.hotelName}</dd>
                    </div>
                    <div>
                      <dt>{texts.guestColumn}</dt>
                      <dd className="break">
                        {booking.guestName} · {booking.guestEmail}
                      </dd>
                    </div>
                    <div>
                      <dt>{texts.firstNightColumn}</dt>
                      <dd>{booking.dateOfCommencement.slice(0, 10)}</dd>
                    </div>
                    <div>
                      <dt>{texts.nightsColumn}</dt>
                      <dd>{booking.numberOfNights}</dd>
                    </div>
                    <div>
                      <dt>{texts.amountColumn}</dt>
                      <dd>{formatRupees(booking.payableAmount)}</dd>
                    </div>
                  </dl>
                  <Link
                    className={`${Classes.BUTTON} ${Classes.intentClass(Intent.PRIMARY)}`}
                    to={`/audit?booking=${encodeURIComponent(booking.bookingID)}`}
                    aria-label={texts.openHistoryOf(booking.bookingID)}
                  >
                    {texts.openHistory}
                  </Link>
                </Card>
              </li>
            ))}
          </ul>
          <Pager page={result.page} pageSize={result.pageSize} total={result.total} onPage={turnPage} />
        </>
      )}
    </section>
  );
}
