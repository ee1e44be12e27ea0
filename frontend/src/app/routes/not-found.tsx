import { Icon } from '@blueprintjs/core';
import { messages } from '@stays/contracts';
import { Link } from 'react-router-dom';

/** Any unknown address: the page's title is its h1, so the page has one like every other. */
export default function NotFoundPage() {
  return (
    <div className="page narrow not-found">
      <Icon icon="search" size={48} className="muted" />
      <h1>{messages.ui.pageNotFound}</h1>
      <Link to="/">{messages.ui.goHome}</Link>
    </div>
  );
}
