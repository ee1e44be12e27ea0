/** Previous / next through a paged answer. */
import { Button } from '@blueprintjs/core';
import { auditMessages } from '@stays/contracts';

const texts = auditMessages;

export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.ceil(total / Math.max(pageSize, 1));
  if (pages <= 1) return null;
  return (
    <nav className="audit-pager" aria-label={texts.pageOf(page, pages)}>
      <Button icon="chevron-left" text={texts.previousPage} disabled={page <= 1} onClick={() => onPage(page - 1)} />
      <span>{texts.pageOf(page, pages)}</span>
      <Button endIcon="chevron-right" text={texts.nextPage} disabled={page >= pages} onClick={() => onPage(page + 1)} />
    </nav>
  );
}
