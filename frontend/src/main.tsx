import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { messages } from '@stays/contracts';

/** Placeholder until the guest screens land: proves the build, the contracts import and the host. */
function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>{messages.ui.appTitle}</h1>
      <p>Hotels and apartments across India. {messages.ui.callToBook}.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
