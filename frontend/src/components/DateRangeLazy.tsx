/**
 * Blueprint's date range input and its CSS, in their own chunk (the page shows plain inputs
 * with the same names and dates until it loads). The date-fns locale is passed as an object,
 * as for the date picker: given only a code, Blueprint imports the locale at run time, which
 * the bundle cannot resolve. The popover marks the inputs' wrapper `aria-expanded`, which a
 * plain div may not carry: the wrapper is made a named group (a role Blueprint does not set).
 */
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { DateRangeInput, type DateRangeInputProps } from '@blueprintjs/datetime';
import enIN from 'date-fns/locale/en-IN';
import { useLayoutEffect, useRef } from 'react';

export default function DateRangeLazy({ groupLabel, ...props }: DateRangeInputProps & { groupLabel: string }) {
  const host = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const group = host.current?.querySelector('.bp6-control-group');
    group?.setAttribute('role', 'group');
    group?.setAttribute('aria-label', groupLabel);
  }, [groupLabel]);
  return (
    <span ref={host} className="date-range-host">
      <DateRangeInput locale={enIN} {...props} />
    </span>
  );
}
