/** A labelled whole-number stepper with a minimum (rooms, guests, nights). */
import { Button } from '@blueprintjs/core';
import { useId } from 'react';

export function Counter({ label, value, min, max = 99, onChange }: { label: string; value: number; min: number; max?: number; onChange: (n: number) => void }) {
  const id = useId();
  return (
    <div className="counter">
      <label htmlFor={id}>{label}</label>
      <div className="counter-controls">
        <Button icon="minus" aria-label={`${label} −1`} disabled={value <= min} onClick={() => onChange(Math.max(min, value - 1))} size="small" />
        <input
          id={id}
          className="bp6-input counter-input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={value}
          onChange={(event) => {
            const next = Math.floor(Number(event.target.value));
            if (Number.isFinite(next)) onChange(Math.min(max, Math.max(min, next)));
          }}
        />
        <Button icon="plus" aria-label={`${label} +1`} disabled={value >= max} onClick={() => onChange(Math.min(max, value + 1))} size="small" />
      </div>
    </div>
  );
}
