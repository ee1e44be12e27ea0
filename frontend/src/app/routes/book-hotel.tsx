/** /book-hotel/:hotelID (spec sections 2, 4, 5): details and OTP, then payment; success → /profile. */
import { Button, Intent, Spinner } from '@blueprintjs/core';
import { formatRupees, COUNTRIES, indiaToday, messages, unitsBooked } from '@stays/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { bookingActions, selectBookingSubmit, selectOtpVerified, selectStayVerdict } from '../../features/booking/booking.slice.ts';
import { ContactDetails, type ContactDraft } from '../../features/booking/components/ContactDetails.tsx';
import { PaymentStep } from '../../features/booking/components/PaymentStep.tsx';
import { quoteOf, StaySummary, stayOf, type StayDraft } from '../../features/booking/components/StaySummary.tsx';
import { selectHotelDetail, selectRooms } from '../../features/hotels/hotels.selectors.ts';
import { hotelsActions } from '../../features/hotels/hotels.slice.ts';
import { selectCurrentUser, selectSelectedRoom } from '../../features/session/session.selectors.ts';
import { useDispatch, useSelector } from 'react-redux';
import { mayBook } from '../../lib/room-verdict.ts';
import { stayFromParams, stayKey, withStay } from '../../lib/stay.ts';
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
  // The stay picked on the home, search or hotel page arrives in the address (`checkIn`, `checkOut` or `nights`, `rooms`,
  // `guests`; the spec's `date` too); a stale check-in moves, and the page says so. The guest's changes go back into the address.
  const [searchParams, setSearchParams] = useSearchParams();
  const [start] = useState(() => stayFromParams(searchParams, new Date()));
  const wished = start.wished;
  const [stay, setStayDraft] = useState<StayDraft>({
    date: start.stay.checkIn,
    roomType: null,
    roomId: null,
    guests: start.stay.guests,
    rooms: start.stay.rooms,
    nights: start.stay.nights,
  });
  const setStay = (next: StayDraft) => {
    setStayDraft(next);
    setSearchParams(withStay(searchParams.toString(), { checkIn: next.date, nights: next.nights, rooms: next.rooms, guests: next.guests }), { replace: true });
  };

  // Whenever the stay, type, standard, rooms or guests change: is the listing free for it? (takeLatest: the last change wins.)
  const asked = stayOf(stay);
  const askedKey = stayKey(asked);
  useEffect(() => {
    if (stay.roomId !== null) dispatch(bookingActions.availabilityRequested({ hotelId: hotelID, roomId: stay.roomId, stay: asked }));
  }, [dispatch, hotelID, stay.roomId, askedKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const verdict = useSelector((s: RootState) => selectStayVerdict(s, hotelID, stay.roomId, asked));

  useEffect(() => {
    dispatch(bookingActions.started());
    dispatch(hotelsActions.detailRequested({ hotelId: hotelID }));
    dispatch(hotelsActions.roomsRequested({ hotelId: hotelID }));
  }, [dispatch, hotelID]);

  // A room chosen on the hotel page arrives chosen here.
  const roomsLoaded = rooms.length > 0 && rooms[0]!.hotelID === hotelID;
  useEffect(() => {
    const room = rooms.find((r) => r._id === preselected && r.hotelID === hotelID);
    if (room !== undefined) setStayDraft((s) => (s.roomId === null ? { ...s, roomType: room.roomType, roomId: room._id } : s));
  }, [roomsLoaded]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (submit.status === 'placed') navigate('/profile');
  }, [submit.status, navigate]);

  const roomsOfType = useMemo(() => rooms.filter((room) => room.roomType === stay.roomType), [rooms, stay.roomType]);
  const room = roomsOfType.find((r) => r._id === stay.roomId);
  const quote = quoteOf(stay, room);

  if (detail.hotelId !== hotelID || detail.status === 'loading' || detail.status === 'idle')
    return (
      <p className="page loading-text">
        <Spinner size={16} /> {ui.loading}
      </p>
    );
  if (hotel === undefined || detail.status !== 'succeeded')
    return <p className="page error-text">{detail.status === 'notFound' ? ui.hotelNotFound : ui.somethingWentWrong}</p>;

  const free = verdict === null || mayBook(verdict);
  const canProceed = verified && room !== undefined && quote !== null && free && contact.name.trim() !== '' && contact.email.trim() !== '';
  const book = () => {
    if (room === undefined || quote === null || user === null) return;
    dispatch(
      bookingActions.submitted(
        {
          hotelID: hotel._id,
          hotelName: hotel.hotelName,
          hotelAddress: hotel.address,
          hotelCity: hotel.city,
          hotelState: hotel.state ?? '',
          hotelCountry: hotel.country,
          hotelPincode: hotel.pinCode,
          hotelPhoneNumber: hotel.phoneNumber,
          customerID: user._id,
          customerName: contact.name.trim(),
          customerEmail: contact.email.trim(),
          customerPhoneNumber: contact.mobile,
          roomStandard: room.roomStandard,
          roomType: room.roomType,
          numberOfRooms: unitsBooked(room.roomType, stay.rooms),
          numberOfGuests: stay.guests,
          numberOfNights: stay.nights,
          dateOfBooking: indiaToday(new Date()),
          dateOfCommencement: stay.date,
          totalAmount: quote.totalAmount,
        },
        { hotelName: hotel.hotelName, payableAmount: quote.payableAmount },
      ),
    );
  };

  return (
    <div className="page booking-page">
      {/* The spec gives this page no title; the page still needs its h1 for screen readers' heading navigation. */}
      <h1 className="sr-only">{ui.bookHotelTitle(hotel.hotelName)}</h1>
      <div className="booking-main">
        {step === 'details' ? (
          <>
            <ContactDetails draft={contact} onChange={setContact} />
            <Button
              className="proceed"
              intent={Intent.PRIMARY}
              size="large"
              text={ui.proceedForPayment}
              disabled={!canProceed}
              onClick={() => setStep('payment')}
            />
          </>
        ) : (
          <PaymentStep
            payable={quote === null ? '' : formatRupees(quote.payableAmount)}
            submitting={submit.status === 'submitting'}
            error={submit.error}
            nearestCheckIn={submit.nearestCheckIn}
            onMoveCheckIn={(date) => {
              setStay({ ...stay, date });
              setStep('details');
            }}
            onBook={book}
            onBack={() => setStep('details')}
          />
        )}
      </div>
      <aside className="booking-aside">
        <StaySummary
          hotel={hotel}
          roomsOfType={roomsOfType}
          draft={stay}
          onChange={setStay}
          locked={step === 'payment'}
          verdict={verdict}
          dateNote={start.moved && stay.date === start.stay.checkIn ? ui.dateMoved(wished ?? '', start.stay.checkIn) : null}
        />
      </aside>
    </div>
  );
}
