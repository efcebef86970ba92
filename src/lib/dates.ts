import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/es';
import { i18n } from '@lingui/core';

// Dates follow the active language. Set here, per call, rather than by lib/i18n.ts: dayjs is not part
// of the sign-in page's bundle (decision 0025).
const dayjsLocale: Record<string, string> = { zh: 'zh-cn', en: 'en', es: 'es' };

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
  return dayjs(ms)
    .locale(dayjsLocale[i18n.locale] ?? 'en')
    .format(format);
}
