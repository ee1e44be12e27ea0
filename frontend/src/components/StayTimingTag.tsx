/**
 * A booking's timing as the spec labels it: Upcoming until its first night (India time),
 * Completed after; a cancelled booking is neither and says Cancelled.
 */
import { Intent, Tag } from '@blueprintjs/core';
import { messages, stayIsAhead, type BookingView } from '@stays/contracts';

export function StayTimingTag({ booking, now }: { readonly booking: Pick<BookingView, 'status' | 'dateOfCommencement'>; readonly now: Date }) {
  if (booking.status === 'cancelled') return <Tag intent={Intent.DANGER}>{messages.ui.cancelled}</Tag>;
  return stayIsAhead(booking.dateOfCommencement, now) ? (
    <Tag intent={Intent.SUCCESS} minimal>
      {messages.ui.upcoming}
    </Tag>
  ) : (
    <Tag intent={Intent.DANGER} minimal>
      {messages.ui.completed}
    </Tag>
  );
}
