/**
 * The booking as it stood at a moment: a slider over its history (before the first event,
 * then after each one) asks the API for the booking folded up to that time. A native range
 * input (Blueprint's Slider would add its constants to chunks the home page loads).
 */
import { Spinner } from '@blueprintjs/core';
import { auditMessages } from '@stays/contracts';
import { useEffect, useId, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Notice } from '../../../components/Notice.tsx';
import { selectAsOf, selectAuditHistory, selectTimeline } from '../audit.selectors.ts';
import { auditActions } from '../audit.slice.ts';
import { indiaTime, stateFields } from '../timeline.ts';

const texts = auditMessages;

/** The moment just before `iso` (the state before the first event). */
const justBefore = (iso: string) => new Date(Date.parse(iso) - 1).toISOString();

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
        value={step}
        aria-labelledby={labelId}
        aria-valuetext={asOf.at === null ? undefined : texts.asOfValue(indiaTime(asOf.at))}
        onChange={(event) => {
          const at = Number(event.target.value);
          setStep(at);
          show(at);
        }}
      />
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
          {state !== null && (
            <dl className="audit-state" aria-label={texts.asOfTitle}>
              {stateFields(state).map((field) => (
                <div key={field.name}>
                  <dt>{field.name}</dt>
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
