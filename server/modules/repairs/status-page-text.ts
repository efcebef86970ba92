/** The customer status page's words (server-rendered, outside the PWA's Lingui catalogs). */
import type { PageLang } from '#server/lib/status-page-html.ts';
export type { PageLang };

export const PAGE_TEXT: Record<
  PageLang,
  {
    title: string;
    invalid: string;
    invalidHint: string;
    device: string;
    model: string;
    status: string;
    waiting: string;
    quoteUntil: string;
    returnShipment: string;
    history: string;
    shop: string;
    phone: string;
    address: string;
    updated: string;
    labels: Record<string, string>;
  }
> = {
  zh: {
    title: '维修进度',
    invalid: '链接无效或已被撤销',
    invalidHint: '请联系维修店获取新的查询链接。',
    device: '设备',
    model: '型号',
    status: '当前进度',
    waiting: '等待维修店更新',
    quoteUntil: '报价待付款，截止',
    returnShipment: '回寄物流',
    history: '进度记录',
    shop: '维修店',
    phone: '电话',
    address: '地址',
    updated: '更新于',
    labels: {
      received: '已收件',
      diagnosing: '检测中',
      quote_pending: '报价待付款',
      repairing: '维修中',
      replaced: '已换新',
      repaired: '已修复',
      shipped_back: '已寄回',
      completed: '已完成',
      on_hold: '暂停处理',
      not_found: '未查到维修记录',
      in_transit: '运输中',
      picked_up: '已揽收',
      problem: '物流异常',
      signed: '已签收',
      refused_returned: '拒收退回',
      out_for_delivery: '派送中',
      returning: '退回中',
    },
  },
  en: {
    title: 'Repair progress',
    invalid: 'This link is not valid or was revoked',
    invalidHint: 'Please ask the repair shop for a new link.',
    device: 'Device',
    model: 'Model',
    status: 'Current status',
    waiting: 'Waiting for the shop to update',
    quoteUntil: 'Quote awaiting payment until',
    returnShipment: 'Return shipment',
    history: 'History',
    shop: 'Repair shop',
    phone: 'Phone',
    address: 'Address',
    updated: 'Updated',
    labels: {
      received: 'Received',
      diagnosing: 'Diagnosing',
      quote_pending: 'Quote awaiting payment',
      repairing: 'Repairing',
      replaced: 'Replaced',
      repaired: 'Repaired',
      shipped_back: 'Shipped back',
      completed: 'Completed',
      on_hold: 'On hold',
      not_found: 'No repair record found',
      in_transit: 'In transit',
      picked_up: 'Picked up',
      problem: 'Delivery problem',
      signed: 'Delivered',
      refused_returned: 'Refused and returned',
      out_for_delivery: 'Out for delivery',
      returning: 'Returning',
    },
  },
  es: {
    title: 'Estado de la reparación',
    invalid: 'Este enlace no es válido o fue revocado',
    invalidHint: 'Pida un enlace nuevo al taller.',
    device: 'Dispositivo',
    model: 'Modelo',
    status: 'Estado actual',
    waiting: 'Esperando la actualización del taller',
    quoteUntil: 'Presupuesto pendiente de pago hasta',
    returnShipment: 'Envío de vuelta',
    history: 'Historial',
    shop: 'Taller',
    phone: 'Teléfono',
    address: 'Dirección',
    updated: 'Actualizado',
    labels: {
      received: 'Recibido',
      diagnosing: 'En diagnóstico',
      quote_pending: 'Presupuesto pendiente de pago',
      repairing: 'En reparación',
      replaced: 'Sustituido',
      repaired: 'Reparado',
      shipped_back: 'Enviado de vuelta',
      completed: 'Completado',
      on_hold: 'En espera',
      not_found: 'Sin registro de reparación',
      in_transit: 'En tránsito',
      picked_up: 'Recogido',
      problem: 'Incidencia en el envío',
      signed: 'Entregado',
      refused_returned: 'Rechazado y devuelto',
      out_for_delivery: 'En reparto',
      returning: 'En devolución',
    },
  },
};

export { pickLang } from '#server/lib/status-page-html.ts';
