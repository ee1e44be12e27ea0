/**
 * "Sync with other sites" under a listing's calendar: the secret link other sites read (copy,
 * or make a new one after a confirmation: the old one stops working), the other sites'
 * calendars read here with their last read and its result, conflicts said plainly, and a
 * form to add a calendar.
 */
import { Alert, Button, Callout, Card, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { addDays, calendarSyncMessages, nightsSaid, type CalendarConflict, type CalendarFeedView, type CalendarSyncView } from '@stays/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import type { OwnerCalendarState } from '../owner-calendar.slice.ts';

const texts = calendarSyncMessages;

export interface CalendarSyncProps {
  readonly view: CalendarSyncView;
  readonly change: OwnerCalendarState['sync']['change'];
  readonly onAdd: (url: string) => void;
  readonly onRemove: (feed: CalendarFeedView) => void;
  readonly onRenew: () => void;
}

/** The other site as an owner names it: "Airbnb", "Booking.com", or the address's host. */
function siteName(url: string): string {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
  if (/(^|\.)airbnb\./.test(host)) return 'Airbnb';
  if (/(^|\.)booking\.com$/.test(host)) return 'Booking.com';
  if (/(^|\.)google\.com$/.test(host)) return 'Google Calendar';
  return host;
}

const readAt = (at: string) =>
  new Date(at).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

function lastRead(feed: CalendarFeedView): string {
  const sync = feed.lastSync;
  if (sync === null) return texts.neverSynced;
  if (sync.result === 'error') return texts.syncedError(readAt(sync.at), sync.error ?? '');
  if (sync.result === 'not-modified') return texts.syncedNotModified(readAt(sync.at));
  return texts.syncedOk(readAt(sync.at), sync.closed, sync.reopened);
}

const nightsFromTo = (from: string, to: string) => {
  const nights = [from];
  while (nights[nights.length - 1]! < to) nights.push(addDays(nights[nights.length - 1]!, 1));
  return nights;
};
const conflictSaid = (feed: CalendarFeedView, conflict: CalendarConflict) =>
  texts.conflict(siteName(feed.url), nightsSaid(nightsFromTo(conflict.from, conflict.to)), nightsSaid(conflict.nights));

export function CalendarSync({ view, change, onAdd, onRemove, onRenew }: CalendarSyncProps) {
  const [url, setUrl] = useState('');
  const [copied, setCopied] = useState(false);
  const [confirmRenew, setConfirmRenew] = useState(false);
  const added = change.status === 'saved';
  useEffect(() => {
    if (added) setUrl('');
  }, [added]);
  const conflicts = view.feeds.flatMap((feed) => feed.conflicts.map((conflict) => ({ feed, conflict })));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(view.calendarFeedURL);
      setCopied(true);
    } catch {
      // no clipboard (an insecure page): select the link so the owner copies it by hand
      (document.getElementById('calendar-export-url') as HTMLInputElement | null)?.select();
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() !== '') onAdd(url.trim());
  };

  return (
    <Card className="calendar-sync">
      <h2>{texts.title}</h2>
      <p className="muted">{texts.intro}</p>
      {change.message !== null && (
        <Callout
          intent={change.status === 'failed' ? Intent.DANGER : Intent.SUCCESS}
          role={change.status === 'failed' ? 'alert' : 'status'}
          className="calendar-outcome"
        >
          {change.message}
        </Callout>
      )}
      <FormGroup label={texts.exportLabel} labelFor="calendar-export-url">
        <InputGroup id="calendar-export-url" value={view.calendarFeedURL} readOnly onFocus={(event) => event.target.select()} />
      </FormGroup>
      <div className="calendar-sync-actions">
        <Button icon="duplicate" onClick={() => void copy()}>
          {texts.copy}
        </Button>
        <Button icon="refresh" intent={Intent.WARNING} variant="outlined" onClick={() => setConfirmRenew(true)} disabled={change.status === 'saving'}>
          {texts.renew}
        </Button>
        {copied && (
          <span role="status" className="muted">
            {texts.copied}
          </span>
        )}
      </div>
      <Alert
        isOpen={confirmRenew}
        intent={Intent.WARNING}
        icon="warning-sign"
        confirmButtonText={texts.renew}
        cancelButtonText={texts.renewCancel}
        onConfirm={() => {
          setConfirmRenew(false);
          setCopied(false);
          onRenew();
        }}
        onCancel={() => setConfirmRenew(false)}
      >
        <p>{texts.renewConfirm}</p>
      </Alert>

      <h3>{texts.feedsTitle}</h3>
      {view.feeds.length === 0 ? (
        <p className="muted">{texts.noFeeds}</p>
      ) : (
        <ul className="calendar-feeds">
          {view.feeds.map((feed) => (
            <li key={feed.feedID}>
              <div className="calendar-feed-text">
                <strong>{siteName(feed.url)}</strong>
                <div className="calendar-feed-url muted">{feed.url}</div>
                <div className={feed.lastSync?.result === 'error' ? 'error-text' : 'muted'}>{lastRead(feed)}</div>
              </div>
              <Button size="small" aria-label={texts.removeLabel(feed.url)} disabled={change.status === 'saving'} onClick={() => onRemove(feed)}>
                {texts.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {conflicts.length > 0 && (
        <Callout intent={Intent.DANGER} title={texts.conflictsTitle} className="calendar-conflicts">
          <ul>
            {conflicts.map(({ feed, conflict }) => (
              <li key={`${feed.feedID}/${conflict.uid}`}>{conflictSaid(feed, conflict)}</li>
            ))}
          </ul>
        </Callout>
      )}
      <form onSubmit={submit} noValidate className="calendar-feed-add">
        <FormGroup label={texts.addLabel} labelFor="calendar-feed-url">
          <InputGroup
            id="calendar-feed-url"
            type="url"
            inputMode="url"
            placeholder={texts.addPlaceholder}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </FormGroup>
        <Button type="submit" intent={Intent.PRIMARY} loading={change.status === 'saving'} disabled={url.trim() === ''}>
          {texts.add}
        </Button>
      </form>
    </Card>
  );
}
