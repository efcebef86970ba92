import type { TicketStatus } from '#contract/counter/workflow.ts';
import type { PageLang } from '#server/lib/status-page-html.ts';

/** The ticket status page's words (server-rendered, outside the PWA's Lingui catalogs). */
export const TICKET_PAGE_TEXT: Record<
  PageLang,
  {
    title: string;
    ticket: string;
    devices: string;
    device: string;
    status: string;
    promised: string;
    history: string;
    shop: string;
    phone: string;
    address: string;
    updated: string;
    statuses: Record<TicketStatus, string>;
  }
> = {
  zh: {
    title: '维修单进度',
    ticket: '维修单号',
    devices: '设备',
    device: '手机',
    status: '当前状态',
    promised: '预计完成',
    history: '进度记录',
    shop: '维修店',
    phone: '电话',
    address: '地址',
    updated: '更新于',
    statuses: {
      received: '已接收',
      diagnosing: '检测中',
      waiting_approval: '等待您确认报价',
      repairing: '维修中',
      sent_to_apple: '已送 Apple 维修',
      ready: '已修好，可以取机',
      collected: '已取机',
      cancelled: '已取消',
      returned_unrepaired: '未修复，已退回',
    },
  },
  en: {
    title: 'Repair status',
    ticket: 'Ticket',
    devices: 'Devices',
    device: 'Phone',
    status: 'Status',
    promised: 'Promised by',
    history: 'History',
    shop: 'Shop',
    phone: 'Phone',
    address: 'Address',
    updated: 'Updated',
    statuses: {
      received: 'Received',
      diagnosing: 'Diagnosing',
      waiting_approval: 'Waiting for your approval of the quote',
      repairing: 'Repairing',
      sent_to_apple: 'Sent to Apple for repair',
      ready: 'Ready for pickup',
      collected: 'Collected',
      cancelled: 'Cancelled',
      returned_unrepaired: 'Returned unrepaired',
    },
  },
  es: {
    title: 'Estado de la reparación',
    ticket: 'Orden',
    devices: 'Dispositivos',
    device: 'Teléfono',
    status: 'Estado',
    promised: 'Fecha prometida',
    history: 'Historial',
    shop: 'Tienda',
    phone: 'Teléfono',
    address: 'Dirección',
    updated: 'Actualizado',
    statuses: {
      received: 'Recibido',
      diagnosing: 'En diagnóstico',
      waiting_approval: 'Esperando su aprobación del presupuesto',
      repairing: 'En reparación',
      sent_to_apple: 'Enviado a Apple para reparar',
      ready: 'Listo para recoger',
      collected: 'Recogido',
      cancelled: 'Cancelado',
      returned_unrepaired: 'Devuelto sin reparar',
    },
  },
};
