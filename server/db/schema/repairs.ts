import type { Generated } from 'kysely';

/** Tables of repair progress management (migration 0007). Times are unix ms. */
export interface RepairTables {
  repair_batches: RepairBatchesTable;
  repair_counters: { account_id: number; last_no: number };
  repair_devices: RepairDevicesTable;
  repair_device_ids: { device_id: number; account_id: number; repair_id: string };
  repair_events: RepairEventsTable;
  repair_refreshes: RepairRefreshesTable;
  repair_jobs: RepairJobsTable;
  monitors: MonitorsTable;
  notifications: NotificationsTable;
  notification_reads: { user_id: number; notification_id: number };
  scheduler_leases: { name: string; owner: string; until_ms: number };
  repair_settings: RepairSettingsTable;
}

export interface RepairBatchesTable {
  id: Generated<number>;
  account_id: number;
  title: string;
  remark: Generated<string>;
  created_by: number;
  created_at: number;
  deleted_at: number | null;
}

export interface RepairDevicesTable {
  id: Generated<number>;
  account_id: number;
  batch_id: number;
  no: number;
  ident: string;
  sn: string | null;
  imei: string | null;
  /** JSON array, oldest first. */
  repair_ids: Generated<string>;
  repair_since_ms: number | null;
  new_sn: string | null;
  new_imei: string | null;
  model: string | null;
  customer_name: Generated<string>;
  customer_phone: Generated<string>;
  customer_note: Generated<string>;
  /** The counter's customer (migration 0030); null for a device taken in without one. */
  customer_id?: number | null;
  courier_in: Generated<string>;
  return_tracking: Generated<string>;
  return_logistics: string | null;
  warranty_type: string | null;
  warranty_end: string | null;
  purchase_date: string | null;
  purchase_price: number | null;
  sale_price: number | null;
  badge: string;
  eligibility: string | null;
  progress: string | null;
  /** Unix ms. */
  quote_deadline: number | null;
  quote_amount: number | null;
  changed_at: Generated<number>;
  refreshed_at: Generated<number>;
  refresh_state: Generated<string>;
  refresh_error: string | null;
  watched: Generated<number>;
  sandbox: Generated<number>;
  link_hash: string | null;
  source_check_order_id: number | null;
  source_check_device_id: number | null;
  created_at: number;
  updated_ms: number;
  deleted_at: number | null;
}

export interface RepairEventsTable {
  id: Generated<number>;
  account_id: number;
  device_id: number;
  kind: string;
  from_value: string | null;
  to_value: string | null;
  repair_id: string | null;
  actor_user_id: number | null;
  /** provider | monitor | shop */
  source: string;
  created_at: number;
}

export interface RepairRefreshesTable {
  id: Generated<number>;
  account_id: number;
  created_by: number;
  total: number;
  done: Generated<number>;
  failed: Generated<number>;
  price: number;
  settled: Generated<number>;
  refunded: Generated<number>;
  created_at: number;
}

export interface RepairJobsTable {
  id: Generated<number>;
  account_id: number;
  device_id: number;
  refresh_id: number;
  state: Generated<string>;
  attempts: Generated<number>;
  run_after_ms: number;
  lease_owner: string | null;
  lease_until_ms: number | null;
  ticket: string | null;
  error: string | null;
  share: number;
  cost: number | null;
  settled: Generated<number>;
  created_at: number;
  finished_at: number | null;
}

export interface MonitorsTable {
  id: Generated<number>;
  account_id: number;
  kind: string;
  device_id: number | null;
  check_device_id: number | null;
  ident: string;
  last_value: string | null;
  last_checked_at: Generated<number>;
  next_check_at: number;
  ends_at: Generated<number>;
  active: Generated<number>;
  created_at: number;
}

export interface NotificationsTable {
  id: Generated<number>;
  account_id: number;
  kind: string;
  device_id: number | null;
  check_device_id: number | null;
  ident: string;
  field: string;
  from_value: string | null;
  to_value: string | null;
  customer_name: Generated<string>;
  created_at: number;
}

export interface RepairSettingsTable {
  account_id: number;
  time_zone: string;
  contact_name: Generated<string>;
  contact_phone: Generated<string>;
  contact_address: Generated<string>;
}
