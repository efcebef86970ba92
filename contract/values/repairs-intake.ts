// Values of contract/schemas/repairs-intake.ts that the web app reads without its zod schemas (eslint.config.js,
// fromSchemas; issue 27): importing a schema module builds its schemas.
import type { IntakeLine } from '../schemas/repairs-intake.ts';
import { CUSTOMER_NAME_MAX, REPAIR_ID_RE } from './repairs.ts';

/**
 * Intake: lines become tracked devices of a batch. Each line carries one SN or IMEI (checked with
 * contract/identifiers, like a check order), its repair ids as typed (each checked against
 * `^[AGRDN]\d{9}$` on the server; one bad id rejects the line with reason `repair_id_invalid`),
 * and optional customer fields. The PWA builds lines from a paste (splitIntakeLine), a spreadsheet
 * (one column per field) or a scan.
 */
export const INTAKE_LINES_MAX = 10_000;

/** Splits a pasted line (tabs, commas, semicolons, spaces) into an intake line; see the tests for examples. */
export function splitIntakeLine(text: string): IntakeLine {
  const tokens = text
    .split(/[\t,;，；\s]+/)
    .map((t) => t.trim())
    .filter(Boolean);
  const [ident = '', ...rest] = tokens;
  const repair_ids: string[] = [];
  const names: string[] = [];
  let customer_phone = '';
  for (const t of rest) {
    // Anything that starts like a repair id (a letter then digits) is one, so a typo gets its reason.
    if (/^[A-Za-z]\d{5,}$/.test(t) || REPAIR_ID_RE.test(t.toUpperCase())) repair_ids.push(t);
    else if (!customer_phone && /^\+?\d[\d-]{6,}$/.test(t)) customer_phone = t;
    else names.push(t);
  }
  return { ident, repair_ids, customer_name: names.join(' ').slice(0, CUSTOMER_NAME_MAX), customer_phone };
}
