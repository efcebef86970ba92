import type { ReactNode } from 'react';

/**
 * Text that reads left to right whatever the page direction: phone numbers, IMEIs, serials and
 * amounts. In a right-to-left page the bidi algorithm otherwise reorders the groups of a number
 * around spaces and signs ('+86 755 8888 6666' shows as '6666 8888 755 86+', '128 GB' as
 * 'GB 128'); an isolate keeps it whole and does not disturb the text around it.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
