// Values of contract/schemas/checks-columns.ts that the web app reads without its zod schemas (eslint.config.js,
// fromSchemas; issue 27): importing a schema module builds its schemas.

/**
 * The column catalogue of a check order's results: every column the results table can show and the
 * Excel export can write, by a stable id (stored per user on the server, so never rename one).
 *
 * `label` is a Lingui message descriptor written out (not the `msg` macro: the server imports this
 * file and runs without the macro's compile step). Its id is Lingui's generated id of the English
 * message, so the PWA's `i18n._(label)` and a server reading the compiled catalogs find the same
 * translation; `npm run i18n:extract` collects these descriptors (the `i18n` comment marks them)
 * and checks-columns.test.ts proves each id matches its message.
 *
 * `table`: shown in the results table by default. Every column can be shown and exported; the
 * export's default is every column in this order.
 */
export const RESULT_COLUMNS = [
  { id: 'status', label: /*i18n*/ { id: 'uAQUqI', message: 'Status' }, table: true },
  { id: 'input', label: /*i18n*/ { id: 'Am0QTb', message: 'Line as entered' }, table: false },
  { id: 'sn', label: /*i18n*/ { id: 'yrYscf', message: 'SN' }, table: true },
  { id: 'imei', label: /*i18n*/ { id: 'lRONjq', message: 'IMEI' }, table: true },
  { id: 'imei2', label: /*i18n*/ { id: 'kgcjfJ', message: 'IMEI 2' }, table: true },
  { id: 'model', label: /*i18n*/ { id: 'scu3wk', message: 'Model' }, table: true },
  { id: 'capacity', label: /*i18n*/ { id: 'QyjCeq', message: 'Capacity' }, table: true },
  { id: 'colour', label: /*i18n*/ { id: 'knhKuu', message: 'Colour' }, table: true },
  { id: 'network_model', label: /*i18n*/ { id: 'uxM5pX', message: 'Network model' }, table: true },
  { id: 'warranty_type', label: /*i18n*/ { id: 'jktDEg', message: 'Warranty type' }, table: true },
  { id: 'purchase_date', label: /*i18n*/ { id: 'vfdQoE', message: 'Purchase date' }, table: true },
  { id: 'warranty_end', label: /*i18n*/ { id: 'meqxXq', message: 'Warranty end' }, table: true },
  { id: 'warranty_days_left', label: /*i18n*/ { id: 'gmU6ng', message: 'Warranty days left' }, table: false },
  { id: 'replaced', label: /*i18n*/ { id: 'vs2Eky', message: 'Replaced by Apple' }, table: true },
  { id: 'phone_support', label: /*i18n*/ { id: 'pJiIt-', message: 'Phone support' }, table: true },
  { id: 'purchase_verified', label: /*i18n*/ { id: 'VgnvXO', message: 'Purchase verified' }, table: true },
  { id: 'loaner', label: /*i18n*/ { id: 'RyFj7X', message: 'Loaner' }, table: true },
  { id: 'activated', label: /*i18n*/ { id: 'JEv05s', message: 'Activated' }, table: true },
  { id: 'activation_lock', label: /*i18n*/ { id: 'sXtLc7', message: 'Activation lock' }, table: true },
  { id: 'id_blacklist', label: /*i18n*/ { id: 'QuoT2c', message: 'ID blacklist' }, table: true },
  { id: 'id_monitor_end', label: /*i18n*/ { id: 'OwMW_U', message: 'ID monitor end' }, table: true },
  { id: 'network_lock', label: /*i18n*/ { id: '_2L7Lp', message: 'Network lock' }, table: true },
  { id: 'carrier', label: /*i18n*/ { id: 'HYIQSw', message: 'Carrier' }, table: true },
  { id: 'carrier_country', label: /*i18n*/ { id: 'fCpsMu', message: 'Carrier country' }, table: false },
  { id: 'sale_country', label: /*i18n*/ { id: 'RjPv_A', message: 'Country of sale' }, table: true },
  { id: 'in_repair', label: /*i18n*/ { id: 'x-WK3K', message: 'In repair' }, table: true },
  { id: 'mdm_lock', label: /*i18n*/ { id: '8jpWjR', message: 'MDM lock' }, table: true },
  { id: 'tac_model', label: /*i18n*/ { id: 'fcDV-K', message: 'TAC model' }, table: true },
  { id: 'factory', label: /*i18n*/ { id: 'WiW78t', message: 'Factory' }, table: true },
  { id: 'manufactured', label: /*i18n*/ { id: '_oltNG', message: 'Manufactured' }, table: true },
  { id: 'gsx_text', label: /*i18n*/ { id: 'iptIeu', message: 'GSX text' }, table: false },
] as const satisfies readonly ResultColumnDef[];

export interface ResultColumnDef {
  id: string;
  label: { id: string; message: string };
  table: boolean;
}

export type ResultColumnId = (typeof RESULT_COLUMNS)[number]['id'];

const COLUMN_BY_ID: ReadonlyMap<string, ResultColumnDef> = new Map(RESULT_COLUMNS.map((c) => [c.id, c]));

export const RESULT_COLUMN_IDS = RESULT_COLUMNS.map((c) => c.id) as readonly ResultColumnId[];

export function isResultColumnId(id: string): id is ResultColumnId {
  return COLUMN_BY_ID.has(id);
}

/** The catalogue entry of a column id (undefined for an unknown id). */
export function resultColumn(id: string): ResultColumnDef | undefined {
  return COLUMN_BY_ID.get(id);
}

/**
 * What a shop decides on first, first (issue 27: at 1440 px the lock and warranty results were
 * off-screen): the job's status, the device, its model, its warranty and its two locks fit the table
 * beside the filters; the rest of the table's columns follow in catalogue order, and a row click shows
 * every field.
 */
export const KEY_TABLE_COLUMNS = [
  'status',
  'imei',
  'model',
  'warranty_type',
  'activation_lock',
  'network_lock',
] as const satisfies readonly ResultColumnId[];

export const DEFAULT_TABLE_COLUMNS: readonly ResultColumnId[] = [
  ...KEY_TABLE_COLUMNS,
  ...RESULT_COLUMNS.filter((c) => c.table && !(KEY_TABLE_COLUMNS as readonly string[]).includes(c.id)).map(
    (c) => c.id,
  ),
];

export const DEFAULT_EXPORT_COLUMNS: readonly ResultColumnId[] = RESULT_COLUMN_IDS;
