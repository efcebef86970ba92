import { useLingui } from '@lingui/react/macro';
import { wordOf } from '../model/counter-words.ts';

/** The tickets page is the tickets screen's route (c26-tickets); a plain hash link keeps these files free of it. */
export const ticketHref = (id: number) => `#/app/tickets/detail?id=${id}`;

/** A value's word in the user's language, or a dash for one this build does not know yet. */
export function useWordOrDash() {
  const { i18n } = useLingui();
  return (words: Parameters<typeof wordOf>[0], value: string) => {
    const descriptor = wordOf(words, value);
    return descriptor ? i18n._(descriptor) : '—';
  };
}
