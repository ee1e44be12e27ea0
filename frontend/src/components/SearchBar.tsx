/**
 * 'Search hotels, cities' with suggestions, a date tile and a green Search button
 * (spec section 2). An empty term turns the box red and runs no search.
 */
import { Button, InputGroup, Intent } from '@blueprintjs/core';
import { latestCommencement, messages } from '@stays/contracts';
import { useId, useState } from 'react';
import { earliestBookable } from '../lib/dates.ts';
import { DateField } from './DateField.tsx';

const ui = messages.ui;

interface SearchBarProps {
  readonly initialTerm?: string;
  /** Suggestions for the typed text. */
  readonly suggest: (typed: string) => readonly string[];
  readonly onSearch: (term: string) => void;
  /** Show 'Please select the places or hotels' under the box (home); otherwise the box only flashes red. */
  readonly showErrorText?: boolean;
  /** The date tile's value and its change, when the page keeps the date; otherwise the tile keeps its own. */
  readonly date?: string;
  readonly onDateChange?: (date: string) => void;
}

export function SearchBar({ initialTerm = '', suggest, onSearch, showErrorText = true, date: keptDate, onDateChange }: SearchBarProps) {
  const [term, setTerm] = useState(initialTerm);
  const [ownDate, setOwnDate] = useState(earliestBookable);
  const date = keptDate ?? ownDate;
  const setDate = onDateChange ?? setOwnDate;
  const [error, setError] = useState(false);
  const [open, setOpen] = useState(false);
  const inputId = useId();
  const listId = useId();
  const suggestions = open ? suggest(term) : [];

  const submit = () => {
    if (term.trim() === '') {
      setError(true);
      return;
    }
    setOpen(false);
    onSearch(term.trim());
  };

  return (
    <form className="search-bar" role="search" onSubmit={(event) => { event.preventDefault(); submit(); }}>
      <div className="search-field">
        <label htmlFor={inputId} className="sr-only">{ui.searchLabel}</label>
        <InputGroup
          id={inputId}
          size="large"
          leftIcon="search"
          placeholder={ui.searchPlaceholder}
          value={term}
          intent={error ? Intent.DANGER : Intent.NONE}
          className={error ? 'search-input has-error' : 'search-input'}
          autoComplete="off"
          role="combobox"
          aria-expanded={suggestions.length > 0}
          aria-controls={listId}
          aria-invalid={error}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
            if (event.target.value.trim() !== '') setError(false);
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(event) => { if (event.key === 'Escape') setOpen(false); }}
        />
        {suggestions.length > 0 && (
          <ul className="suggestions" id={listId} role="listbox" aria-label={ui.searchLabel}>
            {suggestions.map((suggestion) => (
              <li key={suggestion} role="option" aria-selected={false}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => { setTerm(suggestion); setOpen(false); setError(false); }}>
                {suggestion}
              </li>
            ))}
          </ul>
        )}
        {error && showErrorText && <p className="field-error" role="alert">{ui.selectPlacesOrHotels}</p>}
      </div>
      <DateField label={ui.checkInDate} value={date} minDate={earliestBookable()} maxDate={latestCommencement(new Date())} onChange={setDate} compact />
      <Button type="submit" intent={Intent.SUCCESS} size="large" className="search-button" text={ui.searchButton} icon="search" />
    </form>
  );
}
