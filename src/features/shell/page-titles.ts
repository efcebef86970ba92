import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The product's pages by path (spec sections 1 and 2): used by page headings, and by menu and breadcrumb. */
export const PAGE_TITLES: Record<string, MessageDescriptor> = {
  '/app/dashboards/default': msg`Dashboard`,
  '/app/dashboards/hotphone': msg`Hot phones`,
  '/app/dashboards/phoneDetail': msg`Phone detail`,
  '/app/quiry/basicinquiry': msg`Basic inquiry`,
  '/app/quiry/managementDetail': msg`Order detail`,
  '/app/shoppingcenter/shoppingcenter': msg`Shopping center`,
  '/app/personalcenter': msg`Personal center`,
  '/app/downloadCenter': msg`Download center`,
  '/app/pointrecord': msg`Point record`,
  '/app/accountmanagement': msg`Account management`,
  '/app/rechargerecord': msg`Recharge record`,
  '/app/maintenance/maintenance': msg`Repair progress management`,
  '/app/maintenance/orderDetail': msg`Order detail`,
  '/orderAlipay': msg`Payment`,
  '/user/register': msg`Register`,
  '/user/forgot-password': msg`Forgot password`,
  '/user/reset-password': msg`Reset password`,
};
