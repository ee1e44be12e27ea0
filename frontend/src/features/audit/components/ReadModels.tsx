/**
 * The read models' versions, as the query side reads them from the registry: per model
 * and version its state (building, live, retired), position, how far behind the log's head
 * and how many documents; loaded when the dashboard opens, again on Refresh. Each version's
 * documents open below the cards (ReadModelDocuments).
 */
import { Button, Card, Intent, Tag } from '@blueprintjs/core';
import { auditMessages, readModelDocumentsMessages, type AuditReadModelVersion, type ReadModelVersionState } from '@stays/contracts';
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Notice } from '../../../components/Notice.tsx';
import { selectReadModels } from '../audit.selectors.ts';
import { auditActions } from '../audit.slice.ts';
import { ReadModelDocuments } from './ReadModelDocuments.tsx';

const texts = auditMessages;
const stateIntent: Record<ReadModelVersionState, Intent> = { building: Intent.WARNING, live: Intent.SUCCESS, retired: Intent.NONE };
const count = (value: number) => value.toLocaleString('en-IN');

function behind(version: AuditReadModelVersion): string {
  if (version.lag === null) return texts.notFollowed;
  return version.caughtUp ? count(version.lag) : `${count(version.lag)} (${texts.catchingUp})`;
}

export function ReadModels() {
  const dispatch = useDispatch();
  const { status, error, result } = useSelector(selectReadModels);
  useEffect(() => {
    dispatch(auditActions.readModelsRequested());
  }, [dispatch]);

  return (
    <section className="audit-section" aria-labelledby="audit-read-models">
      <div className="audit-section-head">
        <h2 id="audit-read-models">{texts.readModelsTitle}</h2>
        <Button icon="refresh" text={texts.readModelsRefresh} loading={status === 'loading'} onClick={() => dispatch(auditActions.readModelsRequested())} />
      </div>
      <Notice ok={false} text={error} />
      {result !== null && (
        <>
          <p className="audit-count" role="status">
            {texts.readModelsHead(result.head)}
          </p>
          <ul className="audit-cards">
            {result.models.flatMap((model) =>
              model.versions.map((version) => (
                <li key={`${model.name}@${version.version}`}>
                  <Card className="audit-booking" role="article" aria-label={`${model.name} ${texts.versionColumn} ${version.version}`}>
                    <div className="audit-booking-head">
                      <strong>{model.name}</strong>
                      <Tag minimal intent={stateIntent[version.state]}>
                        {texts.versionStates[version.state]}
                      </Tag>
                    </div>
                    <dl className="audit-facts">
                      <div>
                        <dt>{texts.versionColumn}</dt>
                        <dd>{version.version}</dd>
                      </div>
                      <div>
                        <dt>{texts.logPositionColumn}</dt>
                        <dd>{version.position === null ? texts.noPosition : count(version.position)}</dd>
                      </div>
                      <div>
                        <dt>{texts.lagColumn}</dt>
                        <dd>{behind(version)}</dd>
                      </div>
                      <div>
                        <dt>{texts.documentsColumn}</dt>
                        <dd>{count(version.documents)}</dd>
                      </div>
                    </dl>
                    <Button
                      icon="th-list"
                      text={readModelDocumentsMessages.browse}
                      aria-label={readModelDocumentsMessages.browseOf(model.name, version.version)}
                      onClick={() => dispatch(auditActions.documentsRequested({ model: model.name, query: { version: String(version.version) } }))}
                    />
                  </Card>
                </li>
              )),
            )}
          </ul>
        </>
      )}
      <ReadModelDocuments />
    </section>
  );
}
