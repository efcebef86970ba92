import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
/**
 * A package's name and description in English and Spanish beside its Chinese ones (issue 27: the
 * packages read Chinese on an English screen). They are the operator's data, not interface text, so
 * they live with the package: an operator who adds one writes its three languages, and the PWA shows
 * the reader's language, the Chinese one when a translation is empty (decision 0044). A purchase
 * keeps its copy of the names, as it keeps the Chinese one. The packages installed by 0008 get theirs.
 */
export function comboNames(_dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['name_en', 'name_es', 'description_en', 'description_es'])
        await db.schema
          .alterTable('wallet_combos')
          .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      for (const column of ['combo_name_en', 'combo_name_es'])
        await db.schema
          .alterTable('package_purchases')
          .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      for (const c of INSTALLED) {
        await sql`UPDATE wallet_combos SET name_en = ${c.name_en}, name_es = ${c.name_es},
          description_en = ${c.description_en}, description_es = ${c.description_es} WHERE name = ${c.name}`.execute(
          db,
        );
      }
      await sql`UPDATE package_purchases SET
        combo_name_en = (SELECT c.name_en FROM wallet_combos c WHERE c.id = package_purchases.combo_id AND c.name = package_purchases.combo_name),
        combo_name_es = (SELECT c.name_es FROM wallet_combos c WHERE c.id = package_purchases.combo_id AND c.name = package_purchases.combo_name)
        WHERE EXISTS (SELECT 1 FROM wallet_combos c WHERE c.id = package_purchases.combo_id AND c.name = package_purchases.combo_name)`.execute(
        db,
      );
    },
  };
}

/** The translations of the packages 0008 installed, found by their Chinese names. */
const INSTALLED = [
  {
    name: 'VIP 月卡',
    name_en: 'VIP monthly pass',
    name_es: 'Pase VIP mensual',
    description_en: 'VIP level 1 for 30 days: up to 50 watched devices',
    description_es: 'VIP nivel 1 durante 30 días: hasta 50 dispositivos vigilados',
  },
  {
    name: 'VIP 季卡',
    name_en: 'VIP quarterly pass',
    name_es: 'Pase VIP trimestral',
    description_en: 'VIP level 1 for 90 days: up to 50 watched devices',
    description_es: 'VIP nivel 1 durante 90 días: hasta 50 dispositivos vigilados',
  },
  {
    name: 'VIP 高级年卡',
    name_en: 'VIP premium yearly pass',
    name_es: 'Pase VIP anual prémium',
    description_en: 'VIP level 2 for 365 days: up to 500 watched devices',
    description_es: 'VIP nivel 2 durante 365 días: hasta 500 dispositivos vigilados',
  },
  {
    name: '查询包 100 台',
    name_en: 'Check pack, 100 devices',
    name_es: 'Paquete de consultas, 100 dispositivos',
    description_en: 'Checks of 100 devices, used before points when you order, valid for 180 days',
    description_es: 'Consultas de 100 dispositivos, se usan antes que los puntos al pedir, válidas 180 días',
  },
  {
    name: '查询包 500 台',
    name_en: 'Check pack, 500 devices',
    name_es: 'Paquete de consultas, 500 dispositivos',
    description_en: 'Checks of 500 devices, used before points when you order, valid for 365 days',
    description_es: 'Consultas de 500 dispositivos, se usan antes que los puntos al pedir, válidas 365 días',
  },
  {
    name: 'VIP 月卡 + 查询 50 台',
    name_en: 'VIP monthly pass + 50 device checks',
    name_es: 'Pase VIP mensual + 50 consultas',
    description_en: 'VIP level 1 for 30 days, plus checks of 50 devices (valid for 90 days)',
    description_es: 'VIP nivel 1 durante 30 días, más consultas de 50 dispositivos (válidas 90 días)',
  },
];
