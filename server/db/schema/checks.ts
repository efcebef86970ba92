import type { Generated } from 'kysely';

// Device checks: the catalogue, orders, their devices and jobs, and each user's result columns.

export interface ServiceGroupsTable {
  id: Generated<number>;
  code: string;
  name: string;
  sort: number;
}

export interface CheckServicesTable {
  id: Generated<number>;
  group_id: number;
  code: string;
  name: string;
  description: string;
  /** Points per device, hundredths. */
  price: number;
  maintenance: number;
  /** JSON array of service codes. */
  depends_on: string;
  fresh_hours: number;
  sort: number;
}

export interface CheckOrdersTable {
  id: Generated<number>;
  account_id: number;
  title: string;
  remark: string;
  /** JSON array of OrderedService (id, code, price at order time). */
  services: string;
  devices: number;
  jobs_total: number;
  jobs_success: number;
  jobs_failed: number;
  price: number;
  settled: number;
  refunded: number;
  created_by: number;
  created_at: number;
  deleted_at: number | null;
  /** Devices paid with package checks instead of points. */
  package_checks: Generated<number>;
  /** The order a derived order's devices were copied from (migration 0009). */
  derived_from: number | null;
}

/** One user's result columns (migration 0009): JSON arrays of column ids. */
export interface UserResultColumnsTable {
  user_id: number;
  account_id: number;
  table_columns: string;
  export_columns: string;
  updated_at: number;
}

/** 'unknown' | 'yes' | 'no' */
type Tri = string;

export interface CheckDevicesTable {
  id: Generated<number>;
  order_id: number;
  account_id: number;
  input: string;
  ident: string;
  sn: string | null;
  imei: string | null;
  imei2: string | null;
  tac_model: string | null;
  factory: string | null;
  manufactured: string | null;
  model: string | null;
  capacity: string | null;
  colour: string | null;
  network_model: string | null;
  warranty_type: string | null;
  purchase_date: string | null;
  warranty_end: string | null;
  warranty_days_left: number | null;
  id_monitor_end: string | null;
  carrier: string | null;
  carrier_country: string | null;
  sale_country: string | null;
  gsx_text: string | null;
  replaced: Generated<Tri>;
  phone_support: Generated<Tri>;
  purchase_verified: Generated<Tri>;
  loaner: Generated<Tri>;
  activated: Generated<Tri>;
  activation_lock: Generated<Tri>;
  id_blacklist: Generated<Tri>;
  network_lock: Generated<Tri>;
  in_repair: Generated<Tri>;
  mdm_lock: Generated<Tri>;
  /** The package purchase whose check paid for this device (decision 0017), if any. */
  package_purchase_id: number | null;
  /** When that check was given back because every check of the device failed. */
  package_returned_at: number | null;
  status: string;
  jobs_total: number;
  jobs_success: Generated<number>;
  jobs_failed: Generated<number>;
  updated_ms: number;
  created_at: number;
}

export type JobState = 'pending' | 'running' | 'success' | 'failed';

export interface CheckJobsTable {
  id: Generated<number>;
  order_id: number;
  device_id: number;
  account_id: number;
  service: string;
  state: JobState;
  attempts: Generated<number>;
  run_after_ms: number;
  lease_owner: string | null;
  lease_until_ms: number | null;
  ticket: string | null;
  depends_on_job_id: number | null;
  error: string | null;
  provider: string | null;
  sandbox: Generated<number>;
  reused: Generated<number>;
  share: number;
  cost: number | null;
  facts: string | null;
  settled: Generated<number>;
  created_at: number;
  finished_at: number | null;
}
