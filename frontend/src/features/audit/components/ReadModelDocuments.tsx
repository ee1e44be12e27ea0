/**
 * One read model version's documents, as stored: a collection picked from the version's, a
 * MongoDB filter and sort typed as JSON (checked by the server, which says what it refuses),
 * 20 a page. Opened from a version's card on the read models panel; every page read is
 * recorded in the auditor's trail by the server.
 */
import { Button, Card, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { readModelDocumentsMessages } from '@stays/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Notice } from '../../../components/Notice.tsx';
import type { DocumentsQuery } from '../api/audit-api.ts';
import { selectReadModelDocuments } from '../audit.selectors.ts';
import { auditActions } from '../audit.slice.ts';
import { Pager } from './Pager.tsx';

const texts = readModelDocumentsMessages;

export function ReadModelDocuments() {
  const dispatch = useDispatch();
  const { model, query, status, error, result } = useSelector(selectReadModelDocuments);
  const [filter, setFilter] = useState(query.filter ?? '');
  const [sort, setSort] = useState(query.sort ?? '');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    setFilter(query.filter ?? '');
    setSort(query.sort ?? '');
    // a newly opened model (not a new page of it) brings the browser into view
  }, [model]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (model !== null) heading.current?.scrollIntoView({ block: 'start' });
  }, [model]);
  if (model === null) return null;

  const request = (changes: Partial<DocumentsQuery>) => dispatch(auditActions.documentsRequested({ model, query: { ...query, page: undefined, ...changes } }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    request({ filter: filter.trim() || undefined, sort: sort.trim() || undefined });
  };
  const version = result?.version ?? Number(query.version);

  return (
    <section className="audit-section audit-documents" aria-labelledby="audit-documents-title">
      <div className="audit-section-head">
        <h2 id="audit-documents-title" ref={heading}>
          {texts.title(model, version)}
        </h2>
        <Button icon="cross" text={texts.close} onClick={() => dispatch(auditActions.documentsClosed())} />
      </div>
      <form className="audit-filters" onSubmit={apply}>
        <FormGroup label={texts.collectionLabel} labelFor="audit-documents-collection">
          <HTMLSelect
            id="audit-documents-collection"
            value={result?.collection ?? query.collection ?? ''}
            options={result?.collections ?? []}
            onChange={(event) => request({ collection: event.target.value })}
          />
        </FormGroup>
        <FormGroup label={texts.filterLabel} labelFor="audit-documents-filter">
          <InputGroup id="audit-documents-filter" value={filter} placeholder={texts.filterPlaceholder} onChange={(event) => setFilter(event.target.value)} />
        </FormGroup>
        <FormGroup label={texts.sortLabel} labelFor="audit-documents-sort">
          <InputGroup id="audit-documents-sort" value={sort} placeholder={texts.sortPlaceholder} onChange={(event) => setSort(event.target.value)} />
        </FormGroup>
        <Button type="submit" intent={Intent.PRIMARY} text={texts.apply} loading={status === 'loading'} />
      </form>
      <Notice ok={false} text={error} />
      {result !== null && (
        <>
          <p className="audit-count" role="status">
            {texts.count(result.total)}
          </p>
          {result.items.length === 0 ? (
            <p>{texts.none}</p>
          ) : (
            <ol className="audit-cards audit-document-list">
              {result.items.map((document) => (
                <li key={String(document._id)}>
                  <Card className="audit-document" role="article" aria-label={texts.documentLabel(String(document._id))}>
                    <pre>{JSON.stringify(document, null, 2)}</pre>
                  </Card>
                </li>
              ))}
            </ol>
          )}
          <Pager page={result.page} pageSize={result.pageSize} total={result.total} onPage={(page) => request({ page: String(page) })} />
        </>
      )}
    </section>
  );
}
