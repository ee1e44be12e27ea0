/** /book-hotel/:hotelID (spec sections 2, 4, 5): details and OTP, then payment; success → /profile. */
import { Button, Intent, Spinner } from '@blueprintjs/core';
import { formatRupees, bookableCommencement, COUNTRIES, indiaToday, messages, unitsBooked } from '@stays/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { selectBookingSubmit, selectOtpVerified } from '../../features/booking/booking.selectors.ts';
import { bookingActions } from '../../features/booking/booking.slice.ts';
import { ContactDetails, type ContactDraft } from '../../features/booking/components/ContactDetails.tsx';
import { PaymentStep } from '../../features/booking/components/PaymentStep.tsx';
import { quoteOf, StaySummary, type StayDraft } from '../../features/booking/components/StaySummary.tsx';
import { selectHotelDetail, selectRooms } from '../../features/hotels/hotels.selectors.ts';
import { hotelsActions } from '../../features/hotels/hotels.slice.ts';
import { selectCurrentUser, selectSelectedRoom } from '../../features/session/session.selectors.ts';
import { useDispatch, useSelector } from 'react-redux';
import type { RootState } from '../store.ts';

const ui = messages.ui;

export default function BookHotelPage() {
  const { hotelID = '' } = useParams();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const user = useSelector(selectCurrentUser);
  const detail = useSelector(selectHotelDetail);
  const hotel = useSelector((state: RootState) => state.hotels.byId[hotelID]);
  const rooms = useSelector(selectRooms);
  const preselected = useSelector(selectSelectedRoom);
  const verified = useSelector(selectOtpVerified);
  const submit = useSelector(selectBookingSubmit);

  const [step, setStep] = useState<'details' | 'payment'>('details');
  const [contact, setContact] = useState<ContactDraft>({ name: user?.name ?? '', email: user?.email ?? '', countryCode: COUNTRIES[0]!.code, mobile: '' });
  // The date picked on the home or hotel page arrives in the address; a stale one moves, and the page says so.
  const [searchParams] = useSearchParams();
  const wished = searchParams.get('date');
  const [start] = useState(() => bookableCommencement(wished, new Date()));
  const [stay, setStay] = useState<StayDraft>({ date: start.date, roomType: null, roomId: null, guests: 1, rooms: 1, nights: 1 });

  useEffect(() => {
    dispatch(bookingActions.started());
    dispatch(hotelsActions.detailRequested({ hotelId: hotelID }));
    dispatch(hotelsActions.roomsRequested({ hotelId: hotelID }));
  }, [dispatch, hotelID]);

  // A room chosen on the hotel page arrives chosen here.
  const roomsLoaded = rooms.length > 0 && rooms[0]!.hotelID === hotelID;
  useEffect(() => {
    const room = rooms.find((r) => r._id === preselected && r.hotelID === hotelID);
    if (room !== undefined) setStay((s) => (s.roomId === null ? { ...s, roomType: room.roomType, roomId: room._id } : s));
  }, [roomsLoaded]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (submit.status === 'placed') navigate('/profile');
  }, [submit.status, navigate]);

  const roomsOfType = useMemo(() => rooms.filter((room) => room.roomType === stay.roomType), [rooms, stay.roomType]);
  const room = roomsOfType.find((r) => r._id === stay.roomId);
  const quote = quoteOf(stay, room);

  if (detail.hotelId !== hotelID || detail.status === 'loading' || detail.status === 'idle') return <p className="page loading-text"><Spinner size={16} /> {ui.loading}</p>;
  if (hotel === undefined || detail.status !== 'succeeded') return <p className="page error-text">{detail.status === 'notFound' ? ui.hotelNotFound : ui.somethingWentWrong}</p>;

  const canProceed = verified && room !== undefined && quote !== null && contact.name.trim() !== '' && contact.email.trim() !== '';
  const book = () => {
    if (room === undefined || quote === null || user === null) return;
    dispatch(bookingActions.submitted({
      hotelID: hotel._id, hotelName: hotel.hotelName, hotelAddress: hotel.address, hotelCity: hotel.city, hotelState: hotel.state ?? '',
      hotelCountry: hotel.country, hotelPincode: hotel.pinCode, hotelPhoneNumber: hotel.phoneNumber,
      customerID: user._id, customerName: contact.name.trim(), customerEmail: contact.email.trim(), customerPhoneNumber: contact.mobile,
      roomStandard: room.roomStandard, roomType: room.roomType,
      numberOfRooms: unitsBooked(room.roomType, stay.rooms), numberOfGuests: stay.guests, numberOfNights: stay.nights,
      dateOfBooking: indiaToday(new Date()), dateOfCommencement: stay.date, totalAmount: quote.totalAmount,
    }, { hotelName: hotel.hotelName, payableAmount: quote.payableAmount }));
  };

  return (
    <div className="page booking-page">
      {/* The spec gives this page no title; the page still needs its h1 for screen readers' heading navigation. */}
      <h1 className="sr-only">{ui.bookHotelTitle(hotel.hotelName)}</h1>
      <div className="booking-main">
        {step === 'details' ? (
          <>
            <ContactDetails draft={contact} onChange={setContact} />
            <Button className="proceed" intent={Intent.PRIMARY} size="large" text={ui.proceedForPayment} disabled={!canProceed} onClick={() => setStep('payment')} />
          </>
        ) : (
          <PaymentStep payable={quote === null ? '' : formatRupees(quote.payableAmount)} submitting={submit.status === 'submitting'} error={submit.error}
            onBook={book} onBack={() => setStep('details')} />
        )}
      </div>
      <aside className="booking-aside">
        <StaySummary hotel={hotel} roomsOfType={roomsOfType} draft={stay} onChange={setStay} locked={step === 'payment'}
          dateNote={start.moved && stay.date === start.date ? ui.dateMoved(wished ?? '', start.date) : null} />
      </aside>
    </div>
  );
}
