import { NonIdealState } from '@blueprintjs/core';
import { messages } from '@stays/contracts';
import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <div className="page narrow">
      <NonIdealState icon="search" title={messages.ui.pageNotFound} action={<Link to="/">{messages.ui.goHome}</Link>} />
    </div>
  );
}
