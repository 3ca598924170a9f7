import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { DATETIME_FORMAT } from '../engine/cell-value.tsx';
import { formatDateTime } from './datetime.ts';

describe('formatDateTime', () => {
  test('gives what dayjs gave for the times the server sends, in the local zone', () => {
    for (const value of [
      '2026-11-22T03:04:05.000Z',
      '2026-01-01T00:00:00Z',
      '2026-06-30T23:59:59.999+08:00',
      '2026-03-05 07:08:09',
      '2026-03-05',
      1764000000000,
    ]) {
      expect(formatDateTime(value)).toBe(dayjs(value).format(DATETIME_FORMAT));
    }
  });

  test('an unreadable value reads Invalid Date, as with dayjs', () => {
    expect(formatDateTime('not a time')).toBe(dayjs('not a time').format(DATETIME_FORMAT));
  });
});
