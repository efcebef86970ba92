/** One choice of the shop settings' time zone: the IANA id it saves, and what a shop reads. */
export interface TimeZoneOption {
  value: string;
  label: string;
}

function zoneName(locale: string, timeZone: string, style: 'longGeneric' | 'longOffset', at: Date) {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style }).formatToParts(at);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return ''; // an id this browser does not know (a shop saved on another one): shown as it is
  }
}

/** Minutes east of GMT, read from Intl's "GMT+05:30" (plain "GMT" is zero). */
function offsetMinutes(longOffset: string): number {
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(longOffset);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/**
 * The time zones a shop picks from, in its language and ordered by their offset from GMT at `at`
 * (west to east), each read as "GMT+08:00 中国标准时间 (Asia/Shanghai)". A bare IANA id meant
 * nothing to a shop owner; the id stays in the label because many places share one generic name
 * (twenty cities are "Central European Time") and a search by city still finds it. The shop's
 * current zone is always offered, even when this browser does not list it (or lists it by another name).
 */
export function timeZoneOptions(locale: string, current: string, at: Date = new Date()): TimeZoneOption[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  // ICU lists places only (and some by their old names: Asia/Calcutta); UTC is offered as well.
  const ids = [...new Set([current, 'UTC', ...listed])];
  return ids
    .map((id) => {
      const offset = zoneName(locale, id, 'longOffset', at);
      const generic = zoneName(locale, id, 'longGeneric', at);
      const gmt = offset === 'GMT' ? 'GMT+00:00' : offset;
      // UTC's generic name is its offset again: say it once.
      const name = generic && generic !== offset && generic !== gmt ? ` ${generic}` : '';
      return { value: id, label: gmt ? `${gmt}${name} (${id})` : id, minutes: offsetMinutes(offset) };
    })
    .sort((a, b) => a.minutes - b.minutes || a.label.localeCompare(b.label))
    .map(({ value, label }) => ({ value, label }));
}
