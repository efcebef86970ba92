import { luhnCheckDigit } from '#contract/identifiers/parse.ts';

/** Test and bench helper: the 15-digit IMEI with the given 14 digits and its Luhn check digit. */
export function imeiWithCheckDigit(first14: string): string {
  return first14 + String(luhnCheckDigit(first14));
}
