import { Outlet, ScrollRestoration, type Location } from 'react-router-dom';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/**
 * Where a page's scroll position is kept: by history entry, as React Router does, except that
 * every page opened by a full load has the same entry key ('default'), so those are told apart
 * by address; otherwise a page typed in the address bar opened scrolled to where the last one was left.
 */
const scrollKey = (location: Location) => (location.key === 'default' ? `${location.pathname}${location.search}` : location.key);

export function Layout() {
  return (
    <div className="app-shell">
      <Header />
      <main className="app-main">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
