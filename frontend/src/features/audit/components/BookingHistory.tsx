/**
 * A booking's timeline, oldest first: India time, actor and role, what happened in words,
 * the fields the event set, and whether this browser verified the event against the
 * notary's signed tree head.
 */
import { Button, Card, Intent, Spinner, Tag } from '@blueprintjs/core';
import { auditMessages } from '@stays/contracts';
import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Notice } from '../../../components/Notice.tsx';
import { selectAuditHistory, selectTimeline, selectVerifiedCount } from '../audit.selectors.ts';
import { auditActions } from '../audit.slice.ts';
import { RecordJson } from './RecordJson.tsx';
import { VerdictMark } from './VerdictMark.tsx';

const texts = auditMessages;

export function BookingHistory() {
  const dispatch = useDispatch();
  const history = useSelector(selectAuditHistory);
  const rows = useSelector(selectTimeline);
  const count = useSelector(selectVerifiedCount);
  const section = useRef<HTMLElement>(null);
  // An opened booking's history is below the search: bring it into view.
  useEffect(() => {
    if (history.bookingID !== null) section.current?.scrollIntoView({ block: 'start' });
  }, [history.bookingID]);
  if (history.bookingID === null) return null;

  return (
    <section ref={section} className="audit-section audit-history" aria-labelledby="audit-history">
      <div className="audit-section-head">
        <h2 id="audit-history">{texts.historyTitle(history.bookingID)}</h2>
        {rows.length > 0 && (
          <div className="audit-verified-count">
            <Tag minimal intent={count.verified === count.total ? Intent.SUCCESS : Intent.NONE}>{`${texts.verified}: ${count.verified} / ${count.total}`}</Tag>
            <Button small text={texts.verifyAgain} onClick={() => dispatch(auditActions.verifyRequested())} />
          </div>
        )}
      </div>
      {history.status === 'loading' && <Spinner size={24} />}
      <Notice ok={false} text={history.error} />
      {history.status === 'succeeded' && rows.length === 0 && <p>{texts.noHistory}</p>}
      <ol className="audit-timeline" aria-label={texts.timelineLabel}>
        {rows.map((row) => (
          <li key={row.leafIndex}>
            <Card className="audit-event" role="article" aria-label={`${row.type} ${row.time}`}>
              <div className="audit-event-head">
                <time dateTime={row.recordedAt}>{row.time}</time>
                <VerdictMark verdict={row.verdict} />
              </div>
              <p className="audit-happened">{row.happened}</p>
              <p className="audit-meta">
                <span>
                  {texts.actorColumn}: <strong>{row.actor}</strong> ({row.role})
                </span>
                <span className="break">
                  {row.type} · {row.streamId} · #{row.leafIndex}
                </span>
              </p>
              {row.fields.length > 0 && (
                <details className="audit-fields">
                  <summary>
                    {texts.fieldsColumn} ({row.fields.length})
                  </summary>
                  <dl>
                    {row.fields.map((field) => (
                      <div key={field.name}>
                        <dt>{field.name}</dt>
                        <dd className="break">{field.value}</dd>
                      </div>
                    ))}
                  </dl>
                </details>
              )}
              <RecordJson entry={row.entry} />
            </Card>
          </li>
        ))}
      </ol>
    </section>
  );
}
