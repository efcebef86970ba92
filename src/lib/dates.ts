import dayjs from 'dayjs';

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * The date filter (spec section 9): values above 1e12 are milliseconds, others seconds.
 * Empty, zero or unparseable values show as an empty string.
 */
export function formatDateTime(value: number | string | null | undefined, format = DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) return '';
  const ms = n > 1e12 ? n : n * 1000;
  return dayjs(ms).format(format);
}
