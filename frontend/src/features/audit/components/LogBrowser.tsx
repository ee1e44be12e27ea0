/**
 * The log browser: events by stream category, type (picked from the event catalogue), actor
 * and time range (India time), paged, each with its stored and decrypted JSON and, when it
 * is about a booking, a link to that booking's history; and the same filtered range exported
 * as NDJSON, streamed, with its progress.
 */
import { Button, Card, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { auditMessages } from '@stays/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { Notice } from '../../../components/Notice.tsx';
import type { LogQuery } from '../api/audit-api.ts';
import { selectAuditLog, selectExport, selectVerdict } from '../audit.selectors.ts';
import { auditActions, type ExportState } from '../audit.slice.ts';
import { describeEvent } from '../describe-event.ts';
import { eventTypeGroups } from '../event-types.ts';
import { indiaTime } from '../timeline.ts';
import { Pager } from './Pager.tsx';
import { RecordJson } from './RecordJson.tsx';
import { VerdictMark } from './VerdictMark.tsx';

const texts = auditMessages;
const TYPE_GROUPS = eventTypeGroups();

/** Every event type of the catalogue, grouped by the stream categories it is appended to. */
function TypeFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <FormGroup label={texts.typeLabel} labelFor={id}>
      <HTMLSelect id={id} fill value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{texts.anyType}</option>
        {TYPE_GROUPS.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.types.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </optgroup>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

interface Draft {
  readonly category: string;
  readonly type: string;
  readonly actor: string;
  /** `YYYY-MM-DDTHH:MM` from a datetime-local field, read as India time. */
  readonly from: string;
  readonly to: string;
}

const indiaOffset = (local: string) => (local === '' ? undefined : `${local.length === 16 ? `${local}:00` : local}+05:30`);
const queryOf = (draft: Draft): LogQuery => ({
  category: draft.category,
  type: draft.type,
  actor: draft.actor,
  from: indiaOffset(draft.from),
  to: indiaOffset(draft.to),
});

function Filter({
  label,
  value,
  onChange,
  type = 'text',
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <FormGroup label={label} labelFor={id}>
      <InputGroup id={id} type={type} value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
    </FormGroup>
  );
}

function RowVerdict({ leafIndex }: { leafIndex: number }) {
  const verdict = useSelector((state: Parameters<typeof selectVerdict>[0]) => selectVerdict(state, leafIndex));
  return <VerdictMark verdict={verdict} />;
}

function ExportStatus({ state }: { state: ExportState }) {
  switch (state.status) {
    case 'running':
      return (
        <div role="status" className="audit-export-status">
          <progress aria-label={texts.exportNdjson} max={state.total} value={state.total === undefined ? undefined : state.events} />
          <span>{texts.exporting(state.events, state.total, Math.round(state.bytes / 1024))}</span>
        </div>
      );
    case 'done':
      return <Notice ok text={texts.exported(state.events, state.fileName)} />;
    case 'stopped':
      return <Notice ok={false} text={texts.exportStopped} />;
    case 'failed':
      return <Notice ok={false} text={state.error} />;
    case 'idle':
      return null;
  }
}

export function LogBrowser() {
  const dispatch = useDispatch();
  const log = useSelector(selectAuditLog);
  const exporting = useSelector(selectExport);
  const [draft, setDraft] = useState<Draft>({ category: '', type: '', actor: '', from: '', to: '' });
  const set = (field: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(auditActions.logRequested({ query: { ...queryOf(draft), page: '1' } }));
  };
  const turnPage = (page: number) => dispatch(auditActions.logRequested({ query: { ...log.query, page: String(page) } }));
  const startExport = () => {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    dispatch(auditActions.exportRequested({ query: queryOf(draft), fileName: `stays-log-${stamp}.ndjson` }));
  };

  return (
    <section className="audit-section" aria-labelledby="audit-log">
      <h2 id="audit-log">{texts.logTitle}</h2>
      <form className="audit-filters" onSubmit={submit}>
        <Filter label={texts.categoryLabel} value={draft.category} onChange={set('category')} placeholder={texts.categoryPlaceholder} />
        <TypeFilter value={draft.type} onChange={set('type')} />
        <Filter label={texts.actorLabel} value={draft.actor} onChange={set('actor')} />
        <Filter label={texts.fromLabel} type="datetime-local" value={draft.from} onChange={set('from')} />
        <Filter label={texts.toLabel} type="datetime-local" value={draft.to} onChange={set('to')} />
        <div className="audit-actions">
          <Button type="submit" intent={Intent.PRIMARY} icon="search" disabled={log.status === 'loading'} text={texts.showRecords} />
          {exporting.status === 'running' ? (
            <Button text={texts.exportCancel} onClick={() => dispatch(auditActions.exportStopRequested())} />
          ) : (
            <Button text={texts.exportNdjson} onClick={startExport} />
          )}
        </div>
      </form>
      <ExportStatus state={exporting} />
      <Notice ok={false} text={log.error} />
      {log.result !== null && (
        <>
          <p className="audit-count" role="status">
            {log.result.total === 0 ? texts.noRecords : texts.recordsFound(log.result.total)}
          </p>
          <ul className="audit-cards">
            {log.result.items.map((entry) => (
              <li key={entry.leafIndex}>
                <Card className="audit-record" role="article" aria-label={`${entry.record.type} #${entry.leafIndex}`}>
                  <div className="audit-event-head">
                    <time dateTime={entry.record.recordedAt}>{indiaTime(entry.record.recordedAt)}</time>
                    <span className="audit-leaf">#{entry.leafIndex}</span>
                    <RowVerdict leafIndex={entry.leafIndex} />
                  </div>
                  <p className="audit-happened">{describeEvent(entry.record.type, entry.data, entry.record.streamId)}</p>
                  <p className="audit-meta">
                    <span>
                      {texts.actorColumn}: <strong>{entry.actor.name}</strong> ({texts.roles[entry.actor.role] ?? entry.actor.role})
                    </span>
                    <span className="break">
                      {entry.record.type} · {entry.record.streamId}
                    </span>
                  </p>
                  <div className="audit-record-actions">
                    <RecordJson entry={entry} />
                    {entry.bookingID !== undefined && (
                      <Link className="audit-history-link" to={`/audit?booking=${encodeURIComponent(entry.bookingID)}`}>
                        {texts.bookingHistoryLink(entry.bookingID)}
                      </Link>
                    )}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <Pager page={log.result.page} pageSize={log.result.pageSize} total={log.result.total} onPage={turnPage} />
        </>
      )}
    </section>
  );
}
