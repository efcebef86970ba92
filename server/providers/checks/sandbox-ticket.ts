import { SERVICE_CODES, type ServiceCode } from '#contract/schemas/checks-catalogue.ts';

/**
 * A sandbox ticket carries all the sandbox needs to answer a poll, so any process can poll any
 * ticket (no process-local state): `sbx1.` + base64url(JSON [service, sn, imei, ready_at, round]).
 * Not signed (nothing to protect in the sandbox), but read defensively: anything else decodes to
 * null, never to an exception.
 */
export interface SandboxTicket {
  service: ServiceCode;
  sn: string | null;
  imei: string | null;
  /** When the answer is ready, ms since epoch on the provider's clock. */
  readyAt: number;
  /** The submit round the answer is drawn for (the attempt, see sandbox.ts). */
  round: number;
}

const PREFIX = 'sbx1.';
/** Far above any real ticket (two identifiers of at most 64 characters): refuse to parse more. */
const MAX_TICKET_LENGTH = 512;
const MAX_IDENTIFIER_LENGTH = 64;
const SERVICES: ReadonlySet<string> = new Set(SERVICE_CODES);

export function encodeSandboxTicket(t: SandboxTicket): string {
  const json = JSON.stringify([t.service, t.sn, t.imei, t.readyAt, t.round]);
  return PREFIX + Buffer.from(json, 'utf8').toString('base64url');
}

export function decodeSandboxTicket(ticket: unknown): SandboxTicket | null {
  if (typeof ticket !== 'string' || ticket.length > MAX_TICKET_LENGTH || !ticket.startsWith(PREFIX))
    return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(ticket.slice(PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 5) return null;
  const [service, sn, imei, readyAt, round] = value as unknown[];
  if (typeof service !== 'string' || !SERVICES.has(service)) return null;
  if (!isIdentifier(sn) || !isIdentifier(imei) || (sn === null && imei === null)) return null;
  if (!Number.isSafeInteger(readyAt) || (readyAt as number) < 0) return null;
  if (!Number.isSafeInteger(round) || (round as number) < 1) return null;
  return { service: service as ServiceCode, sn, imei, readyAt: readyAt as number, round: round as number };
}

function isIdentifier(value: unknown): value is string | null {
  return (
    value === null || (typeof value === 'string' && value.length > 0 && value.length <= MAX_IDENTIFIER_LENGTH)
  );
}
