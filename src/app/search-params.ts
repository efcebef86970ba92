import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';

/**
 * One search value as the router reads it. TanStack's default JSON.parse turns `?q=…` digits into a
 * number: a 20-digit serial loses digits, `0123` or `1e5` changes its text. A number is kept only
 * when it prints back as the very same text; otherwise the value stays the text it was (an all-digit
 * IMEI typed or shared by hand survives a reload exactly).
 */
export function parseSearchValue(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return typeof value === 'number' && String(value) !== text ? text : value;
}

export const parseSearch = parseSearchWith(parseSearchValue);
// The same parser decides which strings need quoting so they read back as strings.
export const stringifySearch = stringifySearchWith(JSON.stringify, parseSearchValue);
