import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TicketStatus } from '#contract/counter/workflow.ts';

/**
 * A repair ticket's status in the user's language (decision 0047's workflow): the one table every
 * screen names a status from (the ticket screens, the customer's page, the header's search, the
 * dashboard's day at the counter). In src/lib because all of them import it.
 * Type-only import of the contract: the header loads this on every signed-in page.
 */
export const TICKET_STATUS_WORDS: Record<TicketStatus, MessageDescriptor> = {
  received: msg`Received`,
  diagnosing: msg`Diagnosing`,
  waiting_approval: msg`Waiting for approval`,
  repairing: msg`Repairing`,
  sent_to_apple: msg`Sent to Apple`,
  ready: msg`Ready for pickup`,
  collected: msg`Collected`,
  cancelled: msg`Cancelled`,
  returned_unrepaired: msg`Returned unrepaired`,
};
