/**
 * A phone number as every screen shows it: `138****5678`; '' stays ''. One rule for the personal
 * center and the employee list (issue 27: the list showed in full what the personal center masks).
 */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}
