/**
 * A phone as every list and printout shows it (server/lib/mask-phone.ts's rule): `138****5678`. The
 * full number stays on the customer's own record, where the shop calls from.
 */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}
