import type { ResultColumnId } from '#contract/schemas/checks-columns.ts';
import type { ExportLang } from '#contract/schemas/checks-export.ts';
import type { DeviceStatus, TriState, WarrantyType } from '#contract/schemas/checks-results.ts';

/**
 * Every word the server writes into an export, in each language: column headers, yes/no/unknown,
 * device statuses and warranty types. One module, so a new column or language is one place to fill
 * (labels.test.ts fails when a column of the catalogue has no header here). The words match the
 * PWA's catalogs (locales/*.po) so a spreadsheet reads like the screen it came from.
 */
export interface ExportWords {
  headers: Record<ResultColumnId, string>;
  tri: Record<TriState, string>;
  status: Record<DeviceStatus, string>;
  warranty: Record<WarrantyType, string>;
  /** The sheet's name. */
  sheet: string;
}

const en: ExportWords = {
  headers: {
    status: 'Status',
    input: 'Line as entered',
    sn: 'SN',
    imei: 'IMEI',
    imei2: 'IMEI 2',
    model: 'Model',
    capacity: 'Capacity',
    colour: 'Colour',
    network_model: 'Network model',
    warranty_type: 'Warranty type',
    purchase_date: 'Purchase date',
    warranty_end: 'Warranty end',
    warranty_days_left: 'Warranty days left',
    replaced: 'Replaced by Apple',
    phone_support: 'Phone support',
    purchase_verified: 'Purchase verified',
    loaner: 'Loaner',
    activated: 'Activated',
    activation_lock: 'Activation lock',
    id_blacklist: 'ID blacklist',
    id_monitor_end: 'ID monitor end',
    network_lock: 'Network lock',
    carrier: 'Carrier',
    carrier_country: 'Carrier country',
    sale_country: 'Country of sale',
    in_repair: 'In repair',
    mdm_lock: 'MDM lock',
    tac_model: 'TAC model',
    factory: 'Factory',
    manufactured: 'Manufactured',
    gsx_text: 'GSX text',
  },
  tri: { yes: 'Yes', no: 'No', unknown: 'Unknown' },
  status: {
    pending: 'Waiting',
    running: 'Checking',
    success: 'Done',
    partial: 'Partly failed',
    failed: 'Failed',
  },
  warranty: {
    applecare_plus: 'AppleCare+',
    limited: 'Limited warranty',
    out_of_warranty: 'Out of warranty',
    replaced: 'Replaced',
    not_activated: 'Not activated',
    purchase_not_verified: 'Purchase not verified',
    loaner: 'Loaner',
    bad_serial: 'Bad serial',
  },
  sheet: 'Check results',
};

const zh: ExportWords = {
  headers: {
    status: '状态',
    input: '输入内容',
    sn: '序列号',
    imei: 'IMEI',
    imei2: 'IMEI 2',
    model: '型号',
    capacity: '容量',
    colour: '颜色',
    network_model: '网络型号',
    warranty_type: '保修类型',
    purchase_date: '购买日期',
    warranty_end: '保修到期',
    warranty_days_left: '保修剩余天数',
    replaced: '官换机',
    phone_support: '电话支持',
    purchase_verified: '购买已验证',
    loaner: '备用机',
    activated: '已激活',
    activation_lock: '激活锁',
    id_blacklist: 'ID 黑名单',
    id_monitor_end: 'ID 监控到期',
    network_lock: '网络锁',
    carrier: '运营商',
    carrier_country: '运营商国家',
    sale_country: '销售国家',
    in_repair: '维修中',
    mdm_lock: 'MDM 锁',
    tac_model: 'TAC 型号',
    factory: '工厂',
    manufactured: '生产日期',
    gsx_text: 'GSX 文本',
  },
  tri: { yes: '是', no: '否', unknown: '未知' },
  status: { pending: '等待中', running: '查询中', success: '已完成', partial: '部分失败', failed: '失败' },
  warranty: {
    applecare_plus: 'AppleCare+',
    limited: '有限保修',
    out_of_warranty: '已过保',
    replaced: '已换机',
    not_activated: '未激活',
    purchase_not_verified: '购买未验证',
    loaner: '备用机',
    bad_serial: '序列号无效',
  },
  sheet: '查询结果',
};

const es: ExportWords = {
  headers: {
    status: 'Estado',
    input: 'Línea introducida',
    sn: 'N.º de serie',
    imei: 'IMEI',
    imei2: 'IMEI 2',
    model: 'Modelo',
    capacity: 'Capacidad',
    colour: 'Color',
    network_model: 'Modelo de red',
    warranty_type: 'Tipo de garantía',
    purchase_date: 'Fecha de compra',
    warranty_end: 'Fin de la garantía',
    warranty_days_left: 'Días de garantía restantes',
    replaced: 'Sustituido por Apple',
    phone_support: 'Soporte telefónico',
    purchase_verified: 'Compra verificada',
    loaner: 'Préstamo',
    activated: 'Activado',
    activation_lock: 'Bloqueo de activación',
    id_blacklist: 'ID en lista negra',
    id_monitor_end: 'Fin de la vigilancia del ID',
    network_lock: 'Bloqueo de red',
    carrier: 'Operador',
    carrier_country: 'País del operador',
    sale_country: 'País de venta',
    in_repair: 'En reparación',
    mdm_lock: 'Bloqueo MDM',
    tac_model: 'Modelo TAC',
    factory: 'Fábrica',
    manufactured: 'Fabricado',
    gsx_text: 'Texto GSX',
  },
  tri: { yes: 'Sí', no: 'No', unknown: 'Desconocido' },
  status: {
    pending: 'En espera',
    running: 'Consultando',
    success: 'Terminado',
    partial: 'Falló en parte',
    failed: 'Fallido',
  },
  warranty: {
    applecare_plus: 'AppleCare+',
    limited: 'Garantía limitada',
    out_of_warranty: 'Fuera de garantía',
    replaced: 'Sustituido',
    not_activated: 'No activado',
    purchase_not_verified: 'Compra no verificada',
    loaner: 'Préstamo',
    bad_serial: 'Número de serie no válido',
  },
  sheet: 'Resultados',
};

export const EXPORT_WORDS: Record<ExportLang, ExportWords> = { zh, en, es };
