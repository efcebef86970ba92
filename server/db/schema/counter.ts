import type { Generated } from 'kysely';

/** Tables of the shop counter (migration 0030, decision 0047). Times are unix ms, money in fen. */
export interface CounterTables {
  customers: CustomersTable;
  customer_phones: CustomerPhonesTable;
  ticket_counters: { account_id: number; last_no: number };
  tickets: TicketsTable;
  ticket_devices: TicketDevicesTable;
  ticket_lines: TicketLinesTable;
  ticket_events: TicketEventsTable;
  ticket_payments: TicketPaymentsTable;
  customer_messages: CustomerMessagesTable;
  counter_settings: CounterSettingsTable;
  ticket_link_keys: TicketLinkKeysTable;
}

/** The key of tickets' customer status links (one row, id 1; migration 0031). */
export interface TicketLinkKeysTable {
  id: number;
  secret: string;
}

export interface CustomersTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  /** Lower-cased name, for the prefix search. */
  name_key: string;
  wechat_id: Generated<string>;
  note: Generated<string>;
  /** JSON array of tags. */
  tags: Generated<string>;
  lang: Generated<string>;
  sms_opt_out: Generated<number>;
  merged_into: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface CustomerPhonesTable {
  id: Generated<number>;
  account_id: number;
  customer_id: number;
  phone: string;
  last4: string;
  position: Generated<number>;
}

export interface TicketsTable {
  id: Generated<number>;
  account_id: number;
  no: number;
  no_text: string;
  customer_id: number;
  status: string;
  fault: Generated<string>;
  /** JSON object: the intake checklist. */
  condition: Generated<string>;
  technician_id: number | null;
  promised_at: number | null;
  warranty_days: Generated<number>;
  warranty_of: number | null;
  due_fen: Generated<number>;
  paid_fen: Generated<number>;
  refunded_fen: Generated<number>;
  version: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
  closed_at: number | null;
  /** SHA-256 of the customer status link's token, stored when a link is first handed out (migration 0031). */
  link_hash: string | null;
}

export interface TicketDevicesTable {
  id: Generated<number>;
  account_id: number;
  ticket_id: number;
  ident: string;
  sn: string | null;
  imei: string | null;
  model: string | null;
  repair_device_id: number | null;
}

export interface TicketLinesTable {
  id: Generated<number>;
  account_id: number;
  ticket_id: number;
  kind: string;
  description: string;
  qty: number;
  unit_fen: number;
  state: string;
  created_at: number;
}

export interface TicketEventsTable {
  id: Generated<number>;
  account_id: number;
  ticket_id: number;
  kind: string;
  from_status: string | null;
  to_status: string | null;
  note: Generated<string>;
  by_user: number | null;
  at: number;
}

export interface TicketPaymentsTable {
  id: Generated<number>;
  account_id: number;
  ticket_id: number;
  kind: string;
  method: string;
  amount_fen: number;
  voids: number | null;
  note: Generated<string>;
  by_user: number;
  at: number;
}

export interface CustomerMessagesTable {
  id: Generated<number>;
  account_id: number;
  customer_id: number;
  ticket_id: number | null;
  trigger: string;
  lang: string;
  phone: string;
  text: string;
  state: string;
  provider: Generated<string>;
  result: Generated<string>;
  attempts: Generated<number>;
  lease_until: number | null;
  created_at: number;
  sent_at: number | null;
  /** When a retry is due (backoff), ms; 0 = at once (migration 0032). */
  run_after: Generated<number>;
  lease_owner: string | null;
  /** JSON of the placeholder values (registered-template providers take them as parameters). */
  params: Generated<string>;
}

/** One shop's counter settings (migration 0032); absent = the defaults of contract/counter. */
export interface CounterSettingsTable {
  account_id: number;
  receipt_terms: Generated<string>;
  ticket_format: string;
  /** JSON of MessageTemplates. */
  templates: string;
  /** JSON of MessageTriggers. */
  enabled: string;
  updated_by: number | null;
  updated_at: number;
}
