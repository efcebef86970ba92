/**
 * The main pages of the menu (hash routes): what the page budget (issue 27) holds, in the benches
 * (bench:pages, bench:pages-plain) and in the e2e suite (list-calls.spec.ts).
 */
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
