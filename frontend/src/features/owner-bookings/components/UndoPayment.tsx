/**
 * The undo of a payment just recorded: an Undo button with the time left, counting down
 * each second from the `paidAt` the server answered, gone once the window has ended (the
 * server refuses from then on, whatever this clock says). The undo asks nothing more: it is
 * itself the way back from a wrong click.
 */
import { Button } from '@blueprintjs/core';
import { messages, paymentUndoMsLeft } from '@stays/contracts';
import { useEffect, useState } from 'react';
import { minutesAndSeconds } from '../owner-bookings.selectors.ts';

const texts = messages.paymentUndo;

/** Milliseconds left of the window, re-read each second while any is left. */
function useTimeLeft(paidAt: string): number {
  const [now, setNow] = useState(() => new Date());
  const left = paymentUndoMsLeft(paidAt, now);
  const over = left === 0;
  useEffect(() => {
    if (over) return;
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [paidAt, over]);
  return left;
}

interface Props {
  readonly paidAt: string;
  readonly busy: boolean;
  readonly onUndo: () => void;
}

export function UndoPayment({ paidAt, busy, onUndo }: Props) {
  const left = useTimeLeft(paidAt);
  if (left === 0) return null;
  return (
    <div className="undo-payment">
      <Button text={busy ? texts.undoing : texts.undo} disabled={busy} onClick={onUndo} />
      <span className="muted" role="timer">
        {texts.timeLeft(minutesAndSeconds(left))}
      </span>
    </div>
  );
}
