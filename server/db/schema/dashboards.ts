import type { Generated } from 'kysely';

/** The dashboards' rollup tables (migration 0016; docs/decisions/0030-dashboard-rollup.md). */
export interface DashOrderDaysTable {
  account_id: number;
  day: string;
  orders: number;
  devices: number;
}
export interface DashServiceDaysTable {
  account_id: number;
  day: string;
  service: string;
  jobs: number;
  succeeded: number;
  failed: number;
  points: number;
}
export interface DashDeviceDaysTable {
  account_id: number;
  day: string;
  model: string;
  capacity: string;
  colour: string;
  warranty_type: string;
  sale_country: string;
  carrier: string;
  activation_lock: string;
  network_lock: string;
  replaced: string;
  devices: number;
}
/** Devices per facet value (dim 'all': per model); migration 0019. */
export interface DashFacetDaysTable {
  account_id: number;
  dim: string;
  day: string;
  model: string;
  value: string;
  devices: number;
}
/** Live repair devices per progress / watched (migration 0020): folded counters and deltas. */
export interface DashRepairCountsTable {
  account_id: number;
  /** 'progress' (value: the progress) or 'watched' (value ''). */
  dim: string;
  value: string;
  devices: number;
}
export interface DashRepairDeltasTable extends DashRepairCountsTable {
  id: Generated<number>;
}
export interface DashboardTables {
  dash_order_days: DashOrderDaysTable;
  dash_service_days: DashServiceDaysTable;
  dash_device_days: DashDeviceDaysTable;
  dash_facet_days: DashFacetDaysTable;
  dash_repair_counts: DashRepairCountsTable;
  dash_repair_deltas: DashRepairDeltasTable;
}
