import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

export function Layout() {
  return (
    <div className="app-shell">
      <Header />
      <main className="app-main">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
