/**
 * Blueprint's date range input and its CSS, in their own chunk (the page shows plain inputs
 * with the same names and dates until it loads). The date-fns locale is passed as an object,
 * as for the date picker (see DatePickerLazy.tsx).
 */
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { DateRangeInput, type DateRangeInputProps } from '@blueprintjs/datetime';
import enIN from 'date-fns/locale/en-IN';

export default function DateRangeLazy(props: DateRangeInputProps) {
  return <DateRangeInput locale={enIN} {...props} />;
}
