/** The date range picker of a search form, loaded only by pages with a date filter (filter-input.tsx). */

import type { RangePickerProps } from 'antd/es/date-picker';
import DatePicker from 'antd/es/date-picker';

export default function DateRangeInput(props: RangePickerProps) {
  return <DatePicker.RangePicker {...props} />;
}
