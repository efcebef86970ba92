/** Test and bench helper: the 15-digit IMEI with the given 14 digits and its Luhn check digit. */
export function imeiWithCheckDigit(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = first14.charCodeAt(i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return first14 + String((10 - (sum % 10)) % 10);
}
