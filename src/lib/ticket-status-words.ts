import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TicketStatus } from '#contract/counter/workflow.ts';

/**
 * A repair ticket's status in the user's language (decision 0047's workflow). In src/lib because
 * the header's search, the dashboard's day at the counter and the ticket screens all name it.
 * Type-only import of the contract: the header loads this on every signed-in page.
 */
export const TICKET_STATUS_WORDS: Record<TicketStatus, MessageDescriptor> = {
  received: msg`Received`,
  diagnosing: msg`Diagnosing`,
  waiting_approval: msg`Waiting for approval`,
  repairing: msg`Repairing`,
  sent_to_apple: msg`Sent to Apple`,
  ready: msg`Ready for collection`,
  collected: msg`Collected`,
  cancelled: msg`Cancelled`,
  returned_unrepaired: msg`Returned unrepaired`,
};
