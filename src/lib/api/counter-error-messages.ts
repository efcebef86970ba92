import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ErrCode } from '#contract/errcodes.ts';
import { formatHundredths } from '#src/lib/amount.ts';

/**
 * The shop counter's refusals (errcodes 9000-9099, decision 0047) in the user's language. Later
 * counter codes (messages, settings) add their line here; error-messages.ts spreads the map in.
 */
export const counterErrorMessages: Partial<Record<number, MessageDescriptor>> = {
  [ErrCode.CUSTOMER_NOT_FOUND]: msg`This customer was not found`,
  [ErrCode.CUSTOMER_PHONE_TAKEN]: msg`This phone already belongs to another customer; you can merge the two customers`,
  [ErrCode.CUSTOMER_MERGE_INVALID]: msg`These customers cannot be merged: choose two different customers`,
  [ErrCode.TICKET_NOT_FOUND]: msg`This ticket was not found`,
  [ErrCode.TICKET_STALE]: msg`Someone else changed this ticket; reload it and try again`,
  [ErrCode.TICKET_MOVE_NOT_ALLOWED]: msg`The ticket cannot move to this status from its current one`,
  [ErrCode.TICKET_QUOTE_MISSING]: msg`Add quote lines first (and have the customer approve them)`,
  [ErrCode.TICKET_QUOTE_UNDECIDED]: msg`Some quote lines still wait for the customer's answer`,
  [ErrCode.TICKET_NOT_PAID]: msg`The approved work is not paid in full; take the payment first`,
  [ErrCode.TICKET_OVERPAID]: msg`More was taken than the approved work costs; refund the difference first`,
  [ErrCode.TICKET_MONEY_HELD]: msg`The shop still holds the customer's money on this ticket; refund it before cancelling`,
  [ErrCode.TICKET_DEVICE_INVALID]: msg`A device's serial number or IMEI is not valid, or is given twice`,
  [ErrCode.TICKET_LINE_UNKNOWN]: msg`This quote line does not exist or was already decided`,
  [ErrCode.TICKET_CLOSED]: msg`This ticket is closed and can no longer be changed`,
  [ErrCode.MONEY_MORE_THAN_DUE]: msg`The payment is more than what is due`,
  [ErrCode.MONEY_MORE_THAN_HELD]: msg`The refund is more than the shop holds of the customer's money`,
  [ErrCode.MONEY_VOID_INVALID]: msg`This payment does not exist or was already voided`,
  [ErrCode.TICKET_TECHNICIAN_UNKNOWN]: msg`This technician does not exist or is disabled`,
  [ErrCode.COUNTER_TICKET_FORMAT_INVALID]: msg`The ticket number format is not valid: letters, digits, - _ and placeholders only, with the running number placeholder`,
  [ErrCode.MESSAGE_PLACEHOLDER_UNKNOWN]: msg`A message template uses a placeholder that does not exist`,
  [ErrCode.MESSAGE_TEMPLATE_TOO_LONG]: msg`A message template is too long for a text message`,
  [ErrCode.MESSAGE_TEMPLATE_EMPTY]: msg`A message template is empty`,
};

/**
 * The amount a money refusal carries (`datas.outstanding_fen` or `datas.held_fen`), in yuan with two
 * decimals, so the words can say how much: null when the answer carries none.
 */
export function counterRefusalAmount(errcode: number, datas: unknown): string | null {
  const d = (datas ?? {}) as { outstanding_fen?: unknown; held_fen?: unknown };
  const fen =
    errcode === ErrCode.MONEY_MORE_THAN_HELD
      ? d.held_fen
      : errcode === ErrCode.TICKET_NOT_PAID ||
          errcode === ErrCode.TICKET_OVERPAID ||
          errcode === ErrCode.MONEY_MORE_THAN_DUE
        ? d.outstanding_fen
        : undefined;
  return typeof fen === 'number' && Number.isFinite(fen) ? formatHundredths(Math.abs(fen)) : null;
}
