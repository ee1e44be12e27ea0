/**
 * 'Search hotels, cities' with suggestions, the stay (check-in and check-out, rooms and
 * guests) and a green Search button (spec section 2, with the spec's date tile grown into a
 * date range: issue #27). An empty term turns the box red and runs no search. The suggestions
 * are a combobox's listbox in labelled groups (arrow keys, Enter, Escape); they close on
 * a pick, on blur and on a tap outside the field.
 */
import { Button, InputGroup, Intent } from '@blueprintjs/core';
import { messages, type Stay } from '@stays/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { earliestBookable } from '../lib/dates.ts';
import { defaultStay } from '../lib/stay.ts';
import { StayPicker } from './StayPicker.tsx';
import type { SuggestionGroup } from '../features/search/suggestions.ts';

const ui = messages.ui;

interface SearchBarProps {
  readonly initialTerm?: string;
  /** Suggestion groups for the typed text. */
  readonly suggest: (typed: string) => readonly SuggestionGroup[];
  readonly onSearch: (term: string) => void;
  /** Show 'Please select the places or hotels' under the box (home); otherwise the box only flashes red. */
  readonly showErrorText?: boolean;
  /** The stay and its change, when the page keeps it; otherwise the bar keeps its own. */
  readonly stay?: Stay;
  readonly onStayChange?: (stay: Stay) => void;
}

export function SearchBar({ initialTerm = '', suggest, onSearch, showErrorText = true, stay: keptStay, onStayChange }: SearchBarProps) {
  const [term, setTerm] = useState(initialTerm);
  const [ownStay, setOwnStay] = useState(() => defaultStay(earliestBookable()));
  const stay = keptStay ?? ownStay;
  const setStay = onStayChange ?? setOwnStay;
  const [error, setError] = useState(false);
  const [open, setOpen] = useState(false);
  const inputId = useId();
  const listId = useId();
  const [active, setActive] = useState(-1);
  const fieldRef = useRef<HTMLDivElement>(null);
  const groups = open ? suggest(term) : [];
  const options = groups.flatMap((group) => group.texts);
  const optionId = (index: number) => `${listId}-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (text: string) => {
    setTerm(text);
    close();
    setError(false);
  };

  // A tap outside does not always blur the field on touch screens, so listen for it.
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!fieldRef.current?.contains(event.target as Node)) {
        setOpen(false);
        setActive(-1);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the typed text itself, so the arrows cycle through it as well.
      setActive((current) => ((current + 1 + step + options.length + 1) % (options.length + 1)) - 1);
    } else if (event.key === 'Enter' && active >= 0 && active < options.length) {
      event.preventDefault();
      pick(options[active]!);
    }
  };

  const submit = () => {
    if (term.trim() === '') {
      setError(true);
      return;
    }
    close();
    onSearch(term.trim());
  };

  return (
    <form
      className="search-bar"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="search-field" ref={fieldRef}>
        <label htmlFor={inputId} className="sr-only">
          {ui.searchLabel}
        </label>
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
          aria-autocomplete="list"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-activedescendant={active >= 0 && active < options.length ? optionId(active) : undefined}
          aria-invalid={error}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
            setActive(-1);
            if (event.target.value.trim() !== '') setError(false);
          }}
          onFocus={() => {
            if (term.trim() !== '') setOpen(true);
          }}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
        {options.length > 0 && (
          <div className="suggestions" id={listId} role="listbox" aria-label={ui.searchLabel}>
            {groups.map((group) => {
              const first = options.indexOf(group.texts[0]!);
              return (
                <div key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`}>
                  <div className="suggestion-group-label" id={`${listId}-${group.kind}`} role="presentation">
                    {ui.suggestionGroups[group.kind]}
                  </div>
                  {group.texts.map((text, offset) => (
                    <div
                      key={text}
                      id={optionId(first + offset)}
                      role="option"
                      aria-selected={active === first + offset}
                      className={active === first + offset ? 'suggestion is-active' : 'suggestion'}
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => pick(text)}
                    >
                      {text}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        )}
        {error && showErrorText && (
          <p className="field-error" role="alert">
            {ui.selectPlacesOrHotels}
          </p>
        )}
      </div>
      <StayPicker stay={stay} onChange={setStay} withGuests large />
      <Button type="submit" intent={Intent.SUCCESS} size="large" className="search-button" text={ui.searchButton} icon="search" />
    </form>
  );
}
