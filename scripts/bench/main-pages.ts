/** The main pages of the menu (hash routes) that the page budget holds (issue 27). */
export const MAIN_PAGES = [
  '/app/dashboards/default',
  '/app/dashboards/hotphone',
  '/app/quiry/basicinquiry',
  '/app/maintenance/maintenance',
  '/app/maintenance/history',
  '/app/pointrecord',
  '/app/rechargerecord',
  '/app/shoppingcenter/shoppingcenter',
  '/app/downloadCenter',
  '/app/personalcenter',
  '/app/accountmanagement',
];
