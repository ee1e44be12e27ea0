/** Home (spec section 2): hero search, slider of every hotel's photos, promo, newsletter, stats, icon grid. */
import { Button, Card, Icon, InputGroup, Intent, Spinner, type IconName } from '@blueprintjs/core';
import { messages, timings } from '@stays/contracts';
import { useCallback, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ImageCarousel } from '../../components/ImageCarousel.tsx';
import { SearchBar } from '../../components/SearchBar.tsx';
import { bookingActions, selectChosenStay } from '../../features/booking/booking.slice.ts';
import { earliestBookable } from '../../lib/dates.ts';
import { defaultStay, stayQueryString } from '../../lib/stay.ts';
import { selectHotelList, selectMatchingSuggestions, selectSliderImages } from '../../features/hotels/hotels.selectors.ts';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { RootState } from '../store.ts';

const ui = messages.ui;

export default function HomePage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const list = useSelector(selectHotelList);
  const slides = useSelector(selectSliderImages);
  // The stay picked here goes with the search (and on to the hotel and booking pages); none picked, the spec's plain search.
  const chosen = useSelector(selectChosenStay);
  const stay = chosen ?? defaultStay(earliestBookable());
  const state = useStore<RootState>().getState;

  const suggest = useCallback((typed: string) => selectMatchingSuggestions(state(), typed), [state]);

  return (
    <div className="home">
      <section className="hero">
        <h1>{ui.heroTitle}</h1>
        <p className="hero-subtitle">{ui.heroSubtitle}</p>
        <SearchBar
          suggest={suggest}
          stay={stay}
          onStayChange={(picked) => dispatch(bookingActions.stayChosen({ stay: picked }))}
          onSearch={(term) => navigate(`/search-hotel?searchTerm=${encodeURIComponent(term)}${chosen === null ? '' : `&${stayQueryString(chosen)}`}`)}
        />
      </section>

      <section className="page-section" aria-label={ui.sliderTitle}>
        <h2>{ui.sliderTitle}</h2>
        {list.status === 'loading' && (
          <p className="loading-text">
            <Spinner size={16} /> {ui.serverLoading}
          </p>
        )}
        {list.status === 'failed' && <p className="error-text">{ui.somethingWentWrong}</p>}
        {list.status === 'succeeded' && (
          <ImageCarousel className="home-slider" autoAdvanceMs={4000} slides={slides.map((s) => ({ url: s.url, alt: ui.hotelPhoto(s.hotelName) }))} />
        )}
      </section>

      <section className="page-section promo">
        <div>
          <h2>{ui.promoTitle}</h2>
          <p>{ui.promoText}</p>
        </div>
        <Button intent={Intent.WARNING} size="large" text={ui.bookNow} onClick={() => navigate('/search-hotel')} />
      </section>

      <div className="page-section home-columns">
        <Newsletter />
        <Stats />
      </div>

      <section className="page-section" aria-label={ui.whyTitle}>
        <h2>{ui.whyTitle}</h2>
        <IconGrid />
      </section>
    </div>
  );
}

function Newsletter() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState(false);
  const [thanks, setThanks] = useState(false);
  const id = useId();
  return (
    <Card className="newsletter">
      <h2>{ui.exclusiveDeals}</h2>
      <p>{ui.newsletterText}</p>
      <form
        className="newsletter-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // Only emptiness is checked (spec section 5), and no call exists for it.
          if (email.trim() === '') {
            setError(true);
            setThanks(false);
            return;
          }
          setThanks(true);
          setEmail('');
        }}
      >
        <label htmlFor={id} className="sr-only">
          {ui.newsletterEmailLabel}
        </label>
        <InputGroup
          id={id}
          type="email"
          placeholder={ui.newsletterEmailLabel}
          value={email}
          intent={error ? Intent.DANGER : Intent.NONE}
          className={error ? 'has-error' : ''}
          aria-invalid={error}
          onChange={(event) => {
            setEmail(event.target.value);
            if (event.target.value.trim() !== '') setError(false);
          }}
        />
        <Button type="submit" intent={Intent.PRIMARY} text={ui.notifyMe} />
      </form>
      {error && (
        <p className="field-error" role="alert">
          {ui.enterValidEmail}
        </p>
      )}
      {thanks && (
        <p className="notice notice-ok" role="status">
          {ui.newsletterThanks}
        </p>
      )}
    </Card>
  );
}

function Stats() {
  return (
    <Card className="stats" aria-label={ui.statsTitle}>
      <h2>{ui.statsTitle}</h2>
      <dl className="stats-grid">
        {ui.stats.map((stat) => (
          <div key={stat.label}>
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

const GRID_ICONS: IconName[] = ['office', 'home', 'airplane', 'train', 'taxi', 'glass', 'feed', 'snowflake', 'desktop', 'drive-time', 'mountain', 'camera'];

/** Decorative: one icon fades every second (spec section 2). */
function IconGrid() {
  const [faded, setFaded] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFaded((i) => (i + 5) % GRID_ICONS.length), timings.fadeIntervalMs);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="icon-grid" aria-hidden="true">
      {GRID_ICONS.map((icon, i) => (
        <span key={icon} className={i === faded ? 'icon-cell faded' : 'icon-cell'}>
          <Icon icon={icon} size={28} />
        </span>
      ))}
    </div>
  );
}
