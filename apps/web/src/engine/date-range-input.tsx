/** The date range picker of a search form, loaded only by pages with a date filter (filter-input.tsx). */

import type { RangePickerProps } from 'antd/es/date-picker';
import DatePicker from 'antd/es/date-picker';
import dayjs from 'dayjs';

/** A day given as text (a filter from the URL) becomes the picker's date; dates stay as they are. */
const asDay = (v: unknown) => (typeof v === 'string' ? (v ? dayjs(v) : null) : v);

export default function DateRangeInput(props: RangePickerProps) {
  const value = props.value
    ? ((props.value as unknown[]).map(asDay) as unknown as RangePickerProps['value'])
    : props.value;
  return <DatePicker.RangePicker {...props} value={value} />;
}
