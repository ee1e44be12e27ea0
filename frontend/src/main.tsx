/**
 * Entry: build the store (the persisted session is restored synchronously first), then render.
 * Blueprint's icon-font stylesheet is left out: every icon is an SVG from `installIconLoader`,
 * and the font's only use was as a fallback glyph for empty icon spans, which made every
 * first visit download two ~145 KB fonts.
 */
import './lib/no-eval.ts';
import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import '@blueprintjs/core/lib/css/blueprint.css';
import './app/styles.css';
import { App } from './app/App.tsx';
import { createAppRouter } from './app/router.tsx';
import { createAppStore } from './app/store.ts';
import { apis } from './app/apis.ts';
import { installIconLoader } from './lib/icons.ts';
import { auditorStorage } from './features/audit/auditor-storage.ts';

installIconLoader();

const store = createAppStore(apis);
// An auditor's session outlives a reload on any page: the dashboard's state loads at once
// (not with its screens), so the header shows AUDIT and LOGOUT rather than LOGIN.
if (auditorStorage.restore() !== null) {
  void Promise.all([import('./features/audit/install.ts'), import('./features/audit/api/audit-api.ts')]).then(([{ installAudit }, { auditApi }]) =>
    installAudit(store, auditApi),
  );
}
// Made before the first render: the router runs the address's loader now, so the page's data is on its way before React starts.
const router = createAppRouter(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
