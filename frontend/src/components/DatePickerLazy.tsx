/**
 * Blueprint's date picker and its CSS, in their own chunk (loaded when a calendar first opens).
 * The date-fns locale is passed as an object: given only a code (its default "en-US"),
 * Blueprint imports `date-fns/locale/<code>/index.js` at run time, which the bundle cannot
 * resolve, and logs "Could not load date-fns locale" on every picker.
 */
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { DatePicker, type DatePickerProps } from '@blueprintjs/datetime';
import enIN from 'date-fns/locale/en-IN';

export default function DatePickerLazy(props: DatePickerProps) {
  return <DatePicker locale={enIN} {...props} />;
}
