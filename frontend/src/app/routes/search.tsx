/**
 * /search-hotel: the query string is the search; every change of it reloads the results.
 * Narrower than the booking panel's width (a phone) the results come first and the filters
 * and sort open in drawers; wider, the filters sit beside the results as in the spec.
 */
import { Button, Spinner } from '@blueprintjs/core';
import { limits, messages } from '@stays/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SearchBar } from '../../components/SearchBar.tsx';
import { selectMatchingSuggestions } from '../../features/hotels/hotels.selectors.ts';
import { HotelCard } from '../../features/search/components/HotelCard.tsx';
import { FiltersDrawer, SearchFilters, SortDrawer } from '../../features/search/components/SearchFilters.tsx';
import { searchQueryOf, searchStringOf } from '../../features/search/search-query.ts';
import { selectNoHotelsFound, selectSearchResults, selectSearchStatus } from '../../features/search/search.selectors.ts';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { bookingActions, selectChosenStay } from '../../features/booking/booking.slice.ts';
import { earliestBookable } from '../../lib/dates.ts';
import { defaultStay, namesStay, stayFromParams, stayParams, stayQueryString } from '../../lib/stay.ts';
import { useWindowWidth } from '../../lib/use-window-width.ts';
import type { RootState } from '../store.ts';

const ui = messages.ui;

export default function SearchPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const query = useMemo(() => searchQueryOf(location.search), [location.search]);
  const results = useSelector(selectSearchResults);
  const status = useSelector(selectSearchStatus);
  const noneFound = useSelector(selectNoHotelsFound);
  const state = useStore<RootState>().getState;
  const phone = useWindowWidth() < limits.bookingPanelMinWidthPx;
  const [drawer, setDrawer] = useState<'filters' | 'sort' | null>(null);
  const dispatch = useDispatch();
  // A stay in the address is the search's (only hotels bookable for it, with its price); none, the spec's search.
  const params = new URLSearchParams(location.search);
  const searched = namesStay(params) ? stayFromParams(params, new Date()).stay : null;
  const chosen = useSelector(selectChosenStay);
  const stay = searched ?? chosen ?? defaultStay(earliestBookable());
  const linkQuery = searched === null ? '' : stayQueryString(searched);

  const suggest = useCallback((typed: string) => selectMatchingSuggestions(state(), typed), [state]);
  const apply = (changes: Record<string, string | undefined>) =>
    navigate({ search: searchStringOf({ ...Object.fromEntries(new URLSearchParams(location.search)), ...changes }) }, { replace: true });

  return (
    <div className="page search-page">
      <SearchBar
        key={query.searchTerm ?? ''}
        initialTerm={query.searchTerm ?? ''}
        suggest={suggest}
        showErrorText={false}
        stay={stay}
        onStayChange={(picked) => {
          dispatch(bookingActions.stayChosen({ stay: picked }));
          apply({ date: undefined, nights: undefined, ...stayParams(picked) });
        }}
        onSearch={(term) => apply({ searchTerm: term, ...(searched === null && chosen !== null ? stayParams(chosen) : {}) })}
      />
      <div className="search-layout">
        {!phone && <SearchFilters key={location.search} query={query} onApply={apply} />}
        <section className="results" aria-labelledby="results-title">
          <h1 id="results-title">{ui.hotelsResult}</h1>
          {phone && (
            <div className="results-tools">
              <Button icon="filter" text={ui.filtersTitle} onClick={() => setDrawer('filters')} />
              <Button icon="sort" text={ui.sortByLabel} onClick={() => setDrawer('sort')} />
              <FiltersDrawer key={location.search} query={query} onApply={apply} isOpen={drawer === 'filters'} onClose={() => setDrawer(null)} />
              <SortDrawer query={query} onApply={apply} isOpen={drawer === 'sort'} onClose={() => setDrawer(null)} />
            </div>
          )}
          {status === 'loading' && (
            <p className="loading-text">
              <Spinner size={16} /> {ui.loading}
            </p>
          )}
          {status === 'failed' && <p className="error-text">{ui.somethingWentWrong}</p>}
          {noneFound && <p className="empty-text">{ui.noHotelsFound}</p>}
          {status !== 'loading' && results.map((hotel) => <HotelCard key={hotel._id} hotel={hotel} stayQuery={linkQuery} nights={searched?.nights ?? null} />)}
        </section>
      </div>
    </div>
  );
}
