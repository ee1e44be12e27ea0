/**
 * The owner's bookings as cards (spec section 2): every booking field, total amount and
 * discount separately, the timing label (Cancelled for a cancelled booking), the payment
 * status (owner wording); the owner records a pay-at-hotel payment once they confirm it, and
 * may undo that record within `limits.paymentUndoMinutes`.
 */
import { Alert, Button, Card, Intent, Tag } from '@blueprintjs/core';
import {
  checkOutOfBooking,
  formatRupees,
  formatDiscount,
  limits,
  messages,
  paymentStateOf,
  roomTypeLabel,
  stayPhaseOf,
  type BookingView,
  type PaymentState,
} from '@stays/contracts';
import { useState } from 'react';
import { Notice } from '../../../components/Notice.tsx';
import { StayTimingTag } from '../../../components/StayTimingTag.tsx';
import { canMarkPaid } from '../owner-bookings.selectors.ts';
import type { PaymentStep } from '../owner-bookings.slice.ts';
import { UndoPayment } from './UndoPayment.tsx';

const ui = messages.ui;
const d = ui.bookingDetail;
const undoTexts = messages.paymentUndo;

interface Props {
  readonly bookings: readonly BookingView[];
  /** The moment the phases and timings are read at. */
  readonly now: Date;
  readonly markPaid: PaymentStep;
  readonly undoPayment: PaymentStep;
  /** Called once the owner confirmed. */
  readonly onMarkPaid: (booking: BookingView) => void;
  readonly onUndoPayment: (booking: BookingView) => void;
}

/**
 * The spec's timing label, except for guests the hotel expects today: the spec's label says
 * Completed from the first night on, which would tell an owner that a guest arriving or
 * staying is gone.
 */
function TimingTag({ booking, now }: { booking: BookingView; now: Date }) {
  const phase = stayPhaseOf(booking, now);
  if (phase === 'arriving-today') return <Tag intent={Intent.PRIMARY}>{ui.arrivals.phases[phase]}</Tag>;
  if (phase === 'in-house') return <Tag intent={Intent.SUCCESS}>{ui.arrivals.phases[phase]}</Tag>;
  return <StayTimingTag booking={booking} now={now} />;
}

/** The owner's wording of a payment status: completed, pending, or cancelled (nothing to collect). */
function PaymentTag({ state }: { state: PaymentState }) {
  if (state === 'paid')
    return (
      <Tag intent={Intent.SUCCESS} minimal>
        {ui.completed}
      </Tag>
    );
  if (state === 'cancelled') return <Tag minimal>{ui.cancelled}</Tag>;
  return (
    <Tag intent={Intent.WARNING} minimal>
      {ui.paymentPending}
    </Tag>
  );
}

/** The question before a payment is recorded: the amount and the booking, and that it can be undone for a while. */
function ConfirmPayment({ booking, onConfirm, onCancel }: { booking: BookingView | null; onConfirm: (booking: BookingView) => void; onCancel: () => void }) {
  return (
    <Alert
      className="payment-alert"
      isOpen={booking !== null}
      intent={Intent.SUCCESS}
      icon="tick"
      confirmButtonText={undoTexts.confirm}
      cancelButtonText={ui.cancel}
      canEscapeKeyCancel
      onConfirm={() => booking && onConfirm(booking)}
      onCancel={onCancel}
    >
      {booking && (
        <>
          <p>{undoTexts.confirmText(formatRupees(booking.payableAmount), booking.bookingID)}</p>
          <p className="muted">{undoTexts.confirmHint(limits.paymentUndoMinutes)}</p>
        </>
      )}
    </Alert>
  );
}

export function OwnerBookingCards({ bookings, now, markPaid, undoPayment, onMarkPaid, onUndoPayment }: Props) {
  const [confirming, setConfirming] = useState<BookingView | null>(null);
  return (
    <div className="owner-card-grid">
      <ConfirmPayment
        booking={confirming}
        onConfirm={(booking) => {
          setConfirming(null);
          onMarkPaid(booking);
        }}
        onCancel={() => setConfirming(null)}
      />
      {bookings.map((booking) => {
        const busy = markPaid.bookingId === booking._id && markPaid.status === 'loading';
        const undoing = undoPayment.bookingId === booking._id && undoPayment.status === 'loading';
        const undone = undoPayment.bookingId === booking._id && undoPayment.status === 'succeeded';
        return (
          <Card key={booking._id} className="owner-booking-card" role="article" aria-label={booking.bookingID}>
            <div className="owner-booking-head">
              <h2>{booking.bookingID}</h2>
              <div className="badges">
                <TimingTag booking={booking} now={now} />
              </div>
            </div>
            <dl className="owner-facts">
              <div>
                <dt>{ui.customerLabel}</dt>
                <dd>{booking.customerName}</dd>
              </div>
              <div>
                <dt>{ui.emailLabel}</dt>
                <dd className="break">{booking.customerEmail}</dd>
              </div>
              <div>
                <dt>{ui.customerPhoneLabel}</dt>
                <dd>{booking.customerPhoneNumber}</dd>
              </div>
              <div>
                <dt>{d.dateOfBooking}</dt>
                <dd>{booking.dateOfBooking.slice(0, 10)}</dd>
              </div>
              <div>
                <dt>{d.dateOfCommencement}</dt>
                <dd>{booking.dateOfCommencement.slice(0, 10)}</dd>
              </div>
              <div>
                <dt>{ui.checkOutDetail}</dt>
                <dd data-testid="check-out">{checkOutOfBooking(booking)}</dd>
              </div>
              <div>
                <dt>{d.numberOfNights}</dt>
                <dd data-testid="nights">{booking.numberOfNights}</dd>
              </div>
              <div>
                <dt>{d.numberOfGuests}</dt>
                <dd>{booking.numberOfGuests}</dd>
              </div>
              <div>
                <dt>{d.numberOfRooms}</dt>
                <dd data-testid="rooms">{booking.numberOfRooms}</dd>
              </div>
              <div>
                <dt>{d.roomType}</dt>
                <dd>{roomTypeLabel(booking.roomType)}</dd>
              </div>
              <div>
                <dt>{d.roomStandard}</dt>
                <dd>{booking.roomStandard}</dd>
              </div>
              <div>
                <dt>{ui.totalAmountLabel}</dt>
                <dd data-testid="total">{formatRupees(booking.totalAmount)}</dd>
              </div>
              <div>
                <dt>{ui.discountLabel}</dt>
                <dd data-testid="discount">{formatDiscount(booking.discountAmount)}</dd>
              </div>
              <div>
                <dt>{ui.amountToCollect}</dt>
                <dd data-testid="after-discount">
                  <strong>{formatRupees(booking.payableAmount)}</strong>
                </dd>
              </div>
              <div>
                <dt>{d.paymentStatus}</dt>
                <dd data-testid="payment">
                  <PaymentTag state={paymentStateOf(booking)} />
                </dd>
              </div>
              {booking.cancellation !== null && (
                <div>
                  <dt>{messages.cancellationPolicy.chargeLabel}</dt>
                  <dd data-testid="cancellation-charge">
                    {booking.cancellation.chargeAmount > 0 ? formatRupees(booking.cancellation.chargeAmount) : messages.cancellationPolicy.noCharge}
                  </dd>
                </div>
              )}
            </dl>
            {canMarkPaid(booking) && (
              <Button intent={Intent.SUCCESS} icon="tick" text={busy ? ui.markingPaid : ui.markPaid} disabled={busy} onClick={() => setConfirming(booking)} />
            )}
            {booking.isPaymentDone && booking.paidAt !== null && (
              <UndoPayment key={booking.paidAt} paidAt={booking.paidAt} busy={undoing} onUndo={() => onUndoPayment(booking)} />
            )}
            {markPaid.bookingId === booking._id && <Notice ok={false} text={markPaid.error} />}
            {undoPayment.bookingId === booking._id && <Notice ok={false} text={undoPayment.error} />}
            {undone && <Notice ok text={undoTexts.undoneNotice(booking.bookingID)} />}
          </Card>
        );
      })}
    </div>
  );
}
