/**
 * The arrivals view's controls: a phase (with how many bookings each holds), paid or unpaid,
 * and text matched against booking IDs and guests' names. Buttons wrap on a phone.
 */
import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { STAY_PHASES, messages, type StayPhase } from '@stays/contracts';
import { useId } from 'react';
import type { ArrivalsFilter } from '../owner-bookings.selectors.ts';

const t = messages.ui.arrivals;
const PAYMENTS = ['any', 'paid', 'unpaid'] as const;

interface Props {
  readonly filter: ArrivalsFilter;
  readonly counts: Readonly<Record<StayPhase, number>>;
  readonly total: number;
  readonly onChange: (filter: ArrivalsFilter) => void;
}

export function ArrivalsFilters({ filter, counts, total, onChange }: Props) {
  const ids = { payment: useId(), text: useId() };
  const phaseButton = (phase: ArrivalsFilter['phase'], label: string, count: number) => (
    <Button key={phase} small active={filter.phase === phase} aria-pressed={filter.phase === phase} onClick={() => onChange({ ...filter, phase })}>
      {t.withCount(label, count)}
    </Button>
  );
  return (
    <div className="arrivals-filters">
      <div className="arrivals-phases" role="group" aria-label={t.phaseLabel}>
        {phaseButton('all', t.all, total)}
        {STAY_PHASES.map((phase) => phaseButton(phase, t.phases[phase], counts[phase]))}
      </div>
      <div className="arrivals-row">
        <FormGroup label={t.paymentLabel} labelFor={ids.payment} inline>
          <HTMLSelect
            id={ids.payment}
            value={filter.payment}
            onChange={(e) => onChange({ ...filter, payment: e.currentTarget.value as ArrivalsFilter['payment'] })}
            options={PAYMENTS.map((value) => ({ value, label: t.payments[value] }))}
          />
        </FormGroup>
        <FormGroup label={t.searchLabel} labelFor={ids.text} inline>
          <InputGroup
            id={ids.text}
            type="search"
            leftIcon="search"
            value={filter.text}
            placeholder={t.searchPlaceholder}
            onChange={(e) => onChange({ ...filter, text: e.target.value })}
          />
        </FormGroup>
      </div>
    </div>
  );
}
