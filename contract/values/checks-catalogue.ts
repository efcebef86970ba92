// Values of contract/schemas/checks-catalogue.ts that the web app reads without its zod schemas (eslint.config.js,
// fromSchemas; issue 27): importing a schema module builds its schemas.

/**
 * The check-service catalogue (domain.md "Product 1"). Services are identified by a stable `code`;
 * the PWA shows its own translated name for the codes it knows and the server's `name` otherwise.
 */
export const SERVICE_CODES = [
  'warranty',
  'activation_lock',
  'id_blacklist',
  'id_monitor',
  'network_lock',
  'carrier',
  'in_repair',
  'network_lock_monitor',
  'sale_country',
  'gsx_text',
  'gsx_image',
  'mdm_lock',
  'sn_to_imei',
  'full_check',
] as const;
export type ServiceCode = (typeof SERVICE_CODES)[number];
