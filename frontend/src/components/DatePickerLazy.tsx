/** Blueprint's date picker and its CSS, in their own chunk (loaded when a calendar first opens). */
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { DatePicker, type DatePickerProps } from '@blueprintjs/datetime';

export default function DatePickerLazy(props: DatePickerProps) {
  return <DatePicker {...props} />;
}
