/**
 * 'Your Bookings' (spec section 2): the table, and the detail card that replaces it. Where the
 * table hides its amount, payment and invoice columns (phones), a card per booking shows them instead.
 */
import { Alert, Button, Card, HTMLTable, Intent } from '@blueprintjs/core';
import {
  addressWithCity,
  cancellable,
  cancellationTermsNow,
  checkOutOfBooking,
  describePolicyForBooking,
  formatRupees,
  formatDiscount,
  invoiceFileName,
  messages,
  paymentStateOf,
  roomTypeLabel,
  type BookingView,
  type PaymentState,
} from '@stays/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Notice } from '../../../components/Notice.tsx';
import { StayTimingTag } from '../../../components/StayTimingTag.tsx';

const ui = messages.ui;
const policyTexts = messages.cancellationPolicy;
const cols = ui.bookingColumns;
const labels = ui.bookingDetail;

const paymentText: Record<PaymentState, string> = { paid: ui.paymentDone, pending: ui.paymentPending, cancelled: ui.cancelled };
const Payment = ({ booking }: { booking: BookingView }) => <>{paymentText[paymentStateOf(booking)]}</>;

/** What the guest owes for a cancelled stay (0: nothing, the cancellation was free). */
const cancellationCharge = (booking: BookingView): number => booking.cancellation?.chargeAmount ?? 0;

/** The invoice's link (named `text`, by default its file name), or why there is none: a stay cancelled for free owes nothing. */
function Invoice({ booking, text = invoiceFileName(booking.bookingID) }: { booking: BookingView; text?: string }) {
  if (booking.status === 'cancelled' && cancellationCharge(booking) === 0) return <span className="muted">{ui.noInvoiceCancelled}</span>;
  if (!booking.invoicePDF) return <span className="muted">{ui.invoicePending}</span>;
  return (
    <a href={booking.invoicePDF} target="_blank" rel="noreferrer" className="no-wrap">
      {text}
    </a>
  );
}

interface BookingsTableProps {
  readonly bookings: readonly BookingView[];
  readonly cancel: { bookingId: string | null; status: string; error: string | null };
  readonly onCancel: (booking: BookingView) => void;
}

export function BookingsTable({ bookings, cancel, onCancel }: BookingsTableProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const open = bookings.find((b) => b._id === openId);
  if (open !== undefined) return <BookingDetail booking={open} cancel={cancel} onCancel={onCancel} onBack={() => setOpenId(null)} />;
  if (bookings.length === 0) return <p className="muted">{ui.noBookings}</p>;
  return (
    <>
      <HTMLTable className="bookings-table" striped>
        <thead>
          <tr>
            <th>{cols.bookingID}</th>
            <th>{cols.hotelName}</th>
            <th>{cols.hotelAddress}</th>
            <th>{cols.totalAmount}</th>
            <th>{cols.dateOfCommencement}</th>
            <th>{ui.checkOutColumn}</th>
            <th>{cols.paymentStatus}</th>
            <th>{cols.invoice}</th>
          </tr>
        </thead>
        <tbody>
          {bookings.map((booking) => (
            <tr key={booking._id}>
              <td>
                <BookingIdButton booking={booking} onOpen={setOpenId} />
              </td>
              <td>
                <Link to={`/view-hotel/${booking.hotelID}`}>{booking.hotelName}</Link>
              </td>
              <td>
                <Link to={`/view-hotel/${booking.hotelID}`}>{booking.hotelAddress}</Link>
              </td>
              <td>{formatRupees(booking.payableAmount)}</td>
              <td>
                {booking.dateOfCommencement.slice(0, 10)} <StayTimingTag booking={booking} now={new Date()} />
              </td>
              <td className="no-wrap">{checkOutOfBooking(booking)}</td>
              <td>
                <Payment booking={booking} />
              </td>
              <td>
                <Invoice booking={booking} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <ul className="booking-cards">
        {bookings.map((booking) => (
          <li key={booking._id}>
            <Card className="booking-card" role="article" aria-label={booking.bookingID}>
              <div className="booking-card-head">
                <BookingIdButton booking={booking} onOpen={setOpenId} />
                <StayTimingTag booking={booking} now={new Date()} />
              </div>
              <Link to={`/view-hotel/${booking.hotelID}`} className="booking-card-hotel">
                {booking.hotelName}
              </Link>
              <dl className="booking-card-facts">
                <div>
                  <dt>{cols.dateOfCommencement}</dt>
                  <dd>{booking.dateOfCommencement.slice(0, 10)}</dd>
                </div>
                <div>
                  <dt>{ui.checkOutColumn}</dt>
                  <dd>{checkOutOfBooking(booking)}</dd>
                </div>
                <div>
                  <dt>{labels.numberOfNights}</dt>
                  <dd>{booking.numberOfNights}</dd>
                </div>
                <div>
                  <dt>{cols.totalAmount}</dt>
                  <dd>
                    <strong>{formatRupees(booking.payableAmount)}</strong>
                  </dd>
                </div>
                <div>
                  <dt>{cols.paymentStatus}</dt>
                  <dd>
                    <Payment booking={booking} />
                  </dd>
                </div>
                <div className="span-all">
                  <dt>{cols.invoice}</dt>
                  <dd>
                    <Invoice booking={booking} />
                  </dd>
                </div>
              </dl>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The booking ID, never broken across lines; it opens the detail card. */
const BookingIdButton = ({ booking, onOpen }: { booking: BookingView; onOpen: (id: string) => void }) => (
  <button type="button" className="link-button no-wrap" onClick={() => onOpen(booking._id)}>
    {booking.bookingID}
  </button>
);

function BookingDetail({
  booking,
  cancel,
  onCancel,
  onBack,
}: {
  booking: BookingView;
  cancel: BookingsTableProps['cancel'];
  onCancel: (b: BookingView) => void;
  onBack: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const rows: [string, React.ReactNode][] = [
    [labels.bookingID, booking.bookingID],
    [labels.hotelName, <Link to={`/view-hotel/${booking.hotelID}`}>{booking.hotelName}</Link>],
    [labels.address, <Link to={`/view-hotel/${booking.hotelID}`}>{addressWithCity(booking.hotelAddress, booking.hotelCity)}</Link>],
    [labels.dateOfBooking, booking.dateOfBooking.slice(0, 10)],
    [labels.dateOfCommencement, booking.dateOfCommencement.slice(0, 10)],
    [ui.checkOutDetail, checkOutOfBooking(booking)],
    [labels.numberOfNights, booking.numberOfNights],
    [labels.numberOfGuests, booking.numberOfGuests],
    [labels.numberOfRooms, booking.numberOfRooms],
    [labels.roomType, roomTypeLabel(booking.roomType)],
    [labels.roomStandard, booking.roomStandard],
    [labels.totalAmount, formatRupees(booking.payableAmount)],
    [labels.discount, formatDiscount(booking.discountAmount)],
    [labels.status, <StayTimingTag booking={booking} now={new Date()} />],
    [labels.paymentStatus, <Payment booking={booking} />],
    [policyTexts.heading, describePolicyForBooking(booking.cancellationPolicy, booking)],
    ...(booking.status === 'cancelled'
      ? [
          [policyTexts.chargeLabel, cancellationCharge(booking) > 0 ? formatRupees(cancellationCharge(booking)) : policyTexts.noCharge] as [
            string,
            React.ReactNode,
          ],
        ]
      : []),
  ];
  const costNow = cancellationTermsNow(booking.cancellationPolicy, booking, new Date());
  const cancelling = cancel.bookingId === booking._id && cancel.status === 'loading';
  return (
    <Card className="booking-detail" elevation={1}>
      <Button icon="arrow-left" variant="minimal" text={ui.backToList} onClick={onBack} />
      <dl className="detail-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p>
        <Invoice booking={booking} text={ui.downloadInvoice} />
      </p>
      {cancellable(booking, new Date()) && (
        <Button intent={Intent.DANGER} variant="outlined" text={ui.cancelBooking} loading={cancelling} onClick={() => setConfirming(true)} />
      )}
      {cancel.bookingId === booking._id && <Notice ok={false} text={cancel.error} />}
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        confirmButtonText={ui.cancelBooking}
        cancelButtonText={ui.keepBooking}
        onConfirm={() => {
          setConfirming(false);
          onCancel(booking);
        }}
        onCancel={() => setConfirming(false)}
      >
        <p>{ui.confirmCancelBooking}</p>
        <p className="cancel-cost">{costNow.free ? policyTexts.cancelFreeNow : policyTexts.cancelCostsNow(formatRupees(costNow.chargeAmount))}</p>
      </Alert>
    </Card>
  );
}
