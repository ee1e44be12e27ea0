/**
 * A listing's verdict for a guest's stay in words (hotel room cards, the booking page's
 * summary): checking, could not check, available with 'Only N left' when few, too many
 * guests for the units asked, or sold out with the nearest check-in free for as many
 * nights and a control to move the stay there. A status region, so a new answer is read out.
 */
import { Button, Icon, Intent, Tag } from '@blueprintjs/core';
import { messages, type Stay } from '@stays/contracts';
import type { RoomVerdict } from '../lib/room-verdict.ts';

const ui = messages.ui;

export function VerdictLine({ verdict, stay, onMoveCheckIn }: { verdict: RoomVerdict; stay: Stay; onMoveCheckIn?: ((date: string) => void) | undefined }) {
  switch (verdict.kind) {
    case 'checking':
      return (
        <p className="verdict muted" role="status">
          {ui.checkingAvailability}
        </p>
      );
    case 'unknown':
      return (
        <p className={verdict.reason === null ? 'verdict muted' : 'verdict verdict-warn'} role="status">
          {verdict.reason ?? ui.availabilityUnknown}
        </p>
      );
    case 'available':
      return (
        <p className="verdict verdict-ok" role="status">
          <Icon icon="tick-circle" intent={Intent.SUCCESS} size={14} /> {ui.availableForDates}
          {verdict.onlyLeft !== null && (
            <>
              {' '}
              <Tag intent={Intent.DANGER} minimal className="only-left">
                {ui.onlyLeft(verdict.onlyLeft)}
              </Tag>
            </>
          )}
        </p>
      );
    case 'tooManyGuests':
      return (
        <p className="verdict verdict-warn" role="status">
          <Icon icon="warning-sign" intent={Intent.WARNING} size={14} /> {ui.tooManyGuests(stay.guests, verdict.sleeps)}
        </p>
      );
    case 'soldOut':
      return (
        <div className="verdict verdict-sold-out" role="status">
          <p>
            <Icon icon="cross-circle" intent={Intent.DANGER} size={14} /> <strong>{ui.soldOutForDates}</strong>
            {verdict.free > 0 && (
              <>
                {' '}
                <Tag intent={Intent.DANGER} minimal className="only-left">
                  {ui.onlyLeft(verdict.free)}
                </Tag>
              </>
            )}
          </p>
          {verdict.nearestCheckIn === null ? (
            <p className="muted">{ui.noFreeDatesAhead}</p>
          ) : (
            <>
              <p className="muted">{ui.freeFrom(verdict.nearestCheckIn)}</p>
              {onMoveCheckIn !== undefined && (
                <Button
                  variant="outlined"
                  intent={Intent.PRIMARY}
                  size="small"
                  icon="calendar"
                  text={ui.moveStayTo(verdict.nearestCheckIn)}
                  onClick={() => onMoveCheckIn(verdict.nearestCheckIn!)}
                />
              )}
            </>
          )}
        </div>
      );
  }
}
