/**
 * The booking as it stood at a moment: a slider, and a list of labelled steps, over its
 * history (before the first event, then after each one: what happened, India time) asks the
 * API for the booking folded up to that time, and shows its fields by name with the ones
 * the last folded event changed highlighted. A native range input (Blueprint's Slider would
 * add its constants to chunks the home page loads).
 */
import { Spinner, Tag } from '@blueprintjs/core';
import { auditMessages } from '@stays/contracts';
import { useEffect, useId, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Notice } from '../../../components/Notice.tsx';
import { selectAsOf, selectAuditHistory, selectTimeline, type TimelineRow } from '../audit.selectors.ts';
import { auditActions } from '../audit.slice.ts';
import { fieldLabel, indiaTime, stateFields } from '../timeline.ts';

const texts = auditMessages;

/** The moment just before `iso` (the state before the first event). */
const justBefore = (iso: string) => new Date(Date.parse(iso) - 1).toISOString();
/** A step's label: before the booking, or after an event (what happened, India time). */
const stepLabel = (rows: readonly TimelineRow[], at: number) => (at === 0 ? texts.asOfBeforeStep : texts.asOfStep(rows[at - 1]!.happened, rows[at - 1]!.time));

export function AsOfControl() {
  const dispatch = useDispatch();
  const history = useSelector(selectAuditHistory);
  const rows = useSelector(selectTimeline);
  const asOf = useSelector(selectAsOf);
  const [step, setStep] = useState(rows.length);
  const labelId = useId();
  const bookingID = history.bookingID;

  const momentOf = (at: number) => (at === 0 ? justBefore(rows[0]!.recordedAt) : rows[at - 1]!.recordedAt);
  const show = (at: number) => {
    setStep(at);
    if (bookingID !== null && rows.length > 0) dispatch(auditActions.asOfRequested({ bookingID, at: momentOf(at) }));
  };

  // A newly opened history starts at its end: the booking as it stands now.
  const count = rows.length;
  const latest = rows.at(-1)?.recordedAt;
  useEffect(() => {
    setStep(count);
    if (bookingID !== null && latest !== undefined) dispatch(auditActions.asOfRequested({ bookingID, at: latest }));
  }, [dispatch, bookingID, count, latest]);

  if (bookingID === null || rows.length === 0) return null;
  const state = asOf.result?.state ?? null;
  const stoppedAt = asOf.result?.stoppedAt ?? null;
  const changed = new Set(asOf.result?.changed ?? []);
  // the booking's own event the state was folded up to, in words
  const folded = stoppedAt === null ? undefined : rows.find((row) => row.leafIndex === stoppedAt.leafIndex);
  const current = Math.min(step, rows.length);

  return (
    <section className="audit-section" aria-labelledby="audit-asof">
      <h2 id="audit-asof">{texts.asOfTitle}</h2>
      <p id={labelId}>{texts.asOfLabel}</p>
      <input
        className="audit-slider"
        type="range"
        min={0}
        max={rows.length}
        step={1}
        value={current}
        aria-labelledby={labelId}
        aria-valuetext={stepLabel(rows, current)}
        onChange={(event) => show(Number(event.target.value))}
      />
      <ol className="audit-steps" aria-label={texts.asOfSteps}>
        {[0, ...rows.map((_, index) => index + 1)].map((at) => (
          <li key={at}>
            <button type="button" className="audit-step" aria-current={at === current ? 'step' : undefined} onClick={() => show(at)}>
              {at === 0 ? (
                texts.asOfBeforeStep
              ) : (
                <>
                  <span>{rows[at - 1]!.happened}</span>
                  <time dateTime={rows[at - 1]!.recordedAt}>{rows[at - 1]!.time}</time>
                </>
              )}
            </button>
          </li>
        ))}
      </ol>
      {asOf.at !== null && (
        <p className="audit-asof-at" role="status">
          {texts.asOfValue(indiaTime(asOf.at))}
        </p>
      )}
      {asOf.status === 'loading' && <Spinner size={20} />}
      <Notice ok={false} text={asOf.error} />
      {asOf.status === 'succeeded' && (
        <>
          {state === null && <p>{texts.asOfBeforeBooking}</p>}
          {stoppedAt !== null && <p>{texts.asOfStoppedAt(stoppedAt.type, indiaTime(stoppedAt.recordedAt))}</p>}
          {state !== null && stoppedAt !== null && changed.size > 0 && (
            <p className="audit-changed-note">
              {texts.asOfChanged(stateFields(state).filter((field) => changed.has(field.name)).length, folded?.happened ?? stoppedAt.type)}
            </p>
          )}
          {state !== null && (
            <dl className="audit-state" aria-label={texts.asOfTitle}>
              {stateFields(state).map((field) => (
                <div key={field.name} className={changed.has(field.name) ? 'audit-changed' : undefined}>
                  <dt title={field.name}>
                    {fieldLabel(field.name)}
                    {changed.has(field.name) && (
                      <Tag minimal intent="warning" className="audit-changed-mark">
                        {texts.asOfChangedMark}
                      </Tag>
                    )}
                  </dt>
                  <dd className="break">{field.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      )}
    </section>
  );
}
