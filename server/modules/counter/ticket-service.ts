import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  TicketDetail,
  ticketCreateInput,
  ticketLineAddInput,
  ticketMoveInput,
  ticketNoteInput,
  ticketPayInput,
  ticketQuoteDecideInput,
  ticketRefundInput,
  ticketVoidInput,
} from '#contract/schemas/counter-tickets.ts';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import type { CustomerService } from './customer-service.ts';
import { createTicket } from './ticket-create.ts';
import { moneyChange } from './ticket-money.ts';
import { addTicketNote } from './ticket-note.ts';
import { moveChange, type AppleHandoff, type TicketMessages } from './ticket-move.ts';
import { addLineChange, decideQuoteChange } from './ticket-quote.ts';
import { writeTicket, type TicketChange } from './ticket-write.ts';

export type { AppleHandoff } from './ticket-move.ts';

/**
 * Repair tickets (decision 0047): each write is one transaction on the fenced handle (exactly once
 * under a request_id), checks the version the caller read, and keeps the ticket's money totals with
 * the entry that changes them. Each job lives in its own file: ticket-create, ticket-move,
 * ticket-quote, ticket-money, all run through ticket-write's versioned transaction.
 */
export class TicketService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly customers: CustomerService;
  private readonly apple: AppleHandoff | undefined;
  private readonly messages: TicketMessages | undefined;
  constructor(deps: {
    db: Kysely<Database>;
    clock: Clock;
    customers: CustomerService;
    apple?: AppleHandoff;
    /** Messages to the customer on the status changes the shop chose (decision 0050). */
    messages?: TicketMessages;
  }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.customers = deps.customers;
    this.apple = deps.apple;
    this.messages = deps.messages;
  }

  create(user: AuthUser, input: z.output<typeof ticketCreateInput>): Promise<TicketDetail> {
    return createTicket({ db: this.db, clock: this.clock, customers: this.customers }, user, input);
  }

  move(user: AuthUser, input: z.output<typeof ticketMoveInput>): Promise<TicketDetail> {
    const deps = { clock: this.clock, customers: this.customers, apple: this.apple, messages: this.messages };
    return this.write(user, input, moveChange(deps, user, input));
  }

  /** A note alone (decision 0056): no version, allowed on a closed ticket. */
  note(user: AuthUser, input: z.output<typeof ticketNoteInput>): Promise<TicketDetail> {
    return addTicketNote(this.db, this.clock, user, input);
  }

  addLine(user: AuthUser, input: z.output<typeof ticketLineAddInput>): Promise<TicketDetail> {
    return this.write(user, input, addLineChange(this.clock, user, input));
  }

  /** The customer's answer: the named proposed lines approved or declined; the approved total is what is due. */
  decideQuote(user: AuthUser, input: z.output<typeof ticketQuoteDecideInput>): Promise<TicketDetail> {
    return this.write(user, input, decideQuoteChange(this.clock, user, input));
  }

  pay(user: AuthUser, input: z.output<typeof ticketPayInput>): Promise<TicketDetail> {
    const entry = { kind: input.kind, amount: input.amount_fen };
    return this.write(user, input, moneyChange(this.clock, user, entry, input.method, input.note));
  }

  refund(user: AuthUser, input: z.output<typeof ticketRefundInput>): Promise<TicketDetail> {
    const entry = { kind: 'refund' as const, amount: input.amount_fen };
    return this.write(user, input, moneyChange(this.clock, user, entry, input.method, input.note));
  }

  void(user: AuthUser, input: z.output<typeof ticketVoidInput>): Promise<TicketDetail> {
    const entry = { kind: 'void' as const, amount: 0, voids: input.payment_id };
    return this.write(user, input, moneyChange(this.clock, user, entry, null, input.note));
  }

  private write(user: AuthUser, input: { id: number; version: number }, change: TicketChange) {
    return writeTicket(this.db, this.clock, user, input, change);
  }
}
