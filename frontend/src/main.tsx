/** Entry: build the store (the persisted session is restored synchronously first), then render. */
import './lib/no-eval.ts';
import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './app/styles.css';
import { App } from './app/App.tsx';
import { createAppStore } from './app/store.ts';
import { apis } from './app/apis.ts';
import { installIconLoader } from './lib/icons.ts';

installIconLoader();

const store = createAppStore(apis);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
