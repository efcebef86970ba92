import { defineEndpoint } from './endpoint.ts';
import { emptyInput, emptyOutput } from './schemas/common.ts';
import {
  loginInput,
  loginOutput,
  quitInput,
  tncodeOutput,
  userDatas,
  wsAuthCodeOutput,
} from './schemas/auth.ts';
import {
  bindingPhoneInput,
  bindingPhoneOutput,
  editPasswordInput,
  editPasswordSmsInput,
  qrcodeInput,
  qrcodeOutput,
  resetPasswordInput,
  resetPasswordOutput,
  sendSmsInput,
  sendSmsOutput,
  unbindWxInput,
  userCenterOutput,
  wxokInput,
  wxokOutput,
} from './schemas/account.ts';
import { registerInput } from './schemas/signup.ts';
import { IMAGE_DATA_URL_MAX, identifySnImeiInput, identifySnImeiOutput } from './schemas/checks.ts';
import { comboListInput, comboListOutput, serviceGroupOutput } from './schemas/checks-catalogue.ts';
import {
  orderAddDevicesInput,
  orderCreateInput,
  orderDeleteInput,
  orderDetailInput,
  orderDetailOutput,
  orderListInput,
  orderListOutput,
  orderRemarkInput,
  orderWriteOutput,
} from './schemas/checks-orders.ts';
import { orderResultsInput, orderResultsOutput } from './schemas/checks-results.ts';
import { pointRecordInput, pointRecordOutput } from './schemas/ledger.ts';
import {
  addEmployeeInput,
  editUserInput,
  employeeListInput,
  employeeListOutput,
  employeeRow,
} from './schemas/team.ts';
import {
  accountPriceOutput,
  buyRecordInput,
  buyRecordOutput,
  packageSurplusOutput,
  payIntegralInput,
  payIntegralOutput,
} from './schemas/wallet.ts';

/**
 * Every endpoint of the API (spec section 7 plus the product's own), keyed by a stable name.
 * The server registers exactly these; the PWA calls them through its API client.
 */
export const endpoints = {
  tncode: defineEndpoint({
    path: '/api/login/tncode',
    access: 'public',
    input: emptyInput,
    output: tncodeOutput,
    summary:
      'A new slider puzzle: background with a gap, the piece and its y. The answer stays on the server.',
  }),
  login: defineEndpoint({
    path: '/api/login/login',
    access: 'public',
    input: loginInput,
    output: loginOutput,
    summary: 'Sign in with username, password and the slider answer; answers the user and a new token.',
  }),
  quit: defineEndpoint({
    path: '/api/login/quit',
    access: 'public',
    input: quitInput,
    output: emptyOutput,
    summary: 'Revoke the session token (header or body). Always succeeds, so logout works with a dead token.',
  }),
  getUser: defineEndpoint({
    path: '/api/user/get_user',
    access: 'user',
    tokenInQuery: true,
    input: emptyInput,
    output: userDatas,
    summary: 'The signed-in user.',
  }),
  getWsAuthCode: defineEndpoint({
    path: '/api/socket_io/get_ws_auth_code',
    access: 'user',
    tokenInQuery: true,
    input: emptyInput,
    output: wsAuthCodeOutput,
    summary: 'A short-lived code that opens the real-time socket as auth_info.',
  }),

  // WeChat QR login and binding
  qrcode: defineEndpoint({
    path: '/api/login/qrcode',
    access: 'public',
    input: qrcodeInput,
    output: qrcodeOutput,
    summary:
      "Start a WeChat QR scene for purpose 'login' (public) or 'bind' (needs the token); answers the scene id (uniqid), the QR content, expiry and poll interval.",
  }),
  wxok: defineEndpoint({
    path: '/api/login/wxok',
    access: 'public',
    input: wxokInput,
    output: wxokOutput,
    summary:
      "Poll a QR scene by uniqid; `purpose` tells login from bind. Answers status pending/scanned/expired, then 'logged_in' with the login datas and token, or (purpose 'bind', token required and the scene's owner) 'bound' with the user datas.",
  }),
  unbindWx: defineEndpoint({
    path: '/api/admin/unbind_wx',
    access: 'user',
    input: unbindWxInput,
    output: emptyOutput,
    summary:
      "Remove a WeChat binding: the caller's own without user_id; an Admin may pass an employee's user_id, an Editor only its own (else FORBIDDEN).",
  }),

  // Employees (team)
  addEmployee: defineEndpoint({
    path: '/api/admin/add_employee',
    access: 'admin',
    input: addEmployeeInput,
    output: employeeRow,
    summary: "Add an employee to the caller's account; answers the new employee's row.",
  }),
  editUser: defineEndpoint({
    path: '/api/admin/edit_user',
    access: 'admin',
    input: editUserInput,
    output: employeeRow,
    summary:
      'Change real name, role, disabled flag or password (reset) of an employee of the account; answers the updated row.',
  }),
  employeeList: defineEndpoint({
    path: '/api/admin/employee_list',
    access: 'admin',
    input: employeeListInput,
    output: employeeListOutput,
    summary: "One page of the account's employees, filtered by keyword; answers { list, total }.",
  }),

  // Personal center, passwords, SMS and phone
  userCenter: defineEndpoint({
    path: '/api/user/user_center',
    access: 'user',
    input: emptyInput,
    output: userCenterOutput,
    summary: "The personal center: the caller's profile, balance (spendable and frozen), VIP level and end.",
  }),
  editPassword: defineEndpoint({
    path: '/api/user/edit_password',
    access: 'user',
    input: editPasswordInput,
    output: emptyOutput,
    summary: "Change the caller's password given the old one; the caller's other sessions are signed out.",
  }),
  sendSms: defineEndpoint({
    path: '/api/user/sendsms',
    access: 'public',
    input: sendSmsInput,
    output: sendSmsOutput,
    summary:
      'Send a 6-digit SMS code for a purpose (rate limited per phone and per client); answers the resend cooldown and expiry. edit_password needs the token and the bound phone.',
  }),
  editPasswordSms: defineEndpoint({
    path: '/api/user/edit_password_sms',
    access: 'user',
    input: editPasswordSmsInput,
    output: emptyOutput,
    summary:
      "Change the caller's password with an SMS code (purpose edit_password) sent to the bound phone; other sessions are signed out.",
  }),
  bindingPhone: defineEndpoint({
    path: '/api/user/binding_phone',
    access: 'user',
    input: bindingPhoneInput,
    output: bindingPhoneOutput,
    summary: "Bind or replace the caller's phone, proven by an SMS code (purpose binding_phone) sent to it.",
  }),

  // Wallet: packages bought with points
  getAccountPrice: defineEndpoint({
    path: '/api/combo/get_account_price',
    access: 'user',
    input: emptyInput,
    output: accountPriceOutput,
    summary: 'The packages (combos) on sale, with points and money prices, VIP days and check quota.',
  }),
  payIntegral: defineEndpoint({
    path: '/api/user/pay_integral',
    access: 'admin',
    input: payIntegralInput,
    output: payIntegralOutput,
    summary:
      "Buy one package with the account's points (one ledger entry); answers the new balance and VIP end.",
  }),
  packageSurplus: defineEndpoint({
    path: '/api/user/package_surplus',
    access: 'user',
    input: emptyInput,
    output: packageSurplusOutput,
    summary: 'What is left of the bought packages (unused checks and when they lapse).',
  }),
  buyRecord: defineEndpoint({
    path: '/api/user/buy_record',
    access: 'user',
    input: buyRecordInput,
    output: buyRecordOutput,
    summary: "One page of the account's package purchases, newest first; answers { list, total }.",
  }),

  // Device checks
  identifySnImei: defineEndpoint({
    path: '/api/checks/identify_sn_imei',
    access: 'user',
    input: identifySnImeiInput,
    output: identifySnImeiOutput,
    // The data URL plus the JSON around it.
    bodyLimit: IMAGE_DATA_URL_MAX + 64 * 1024,
    summary: 'Recognise the text in a photo (data URL); answers it as `content` for SN/IMEI extraction.',
  }),
  serviceGroup: defineEndpoint({
    path: '/api/checks/service_group',
    access: 'user',
    input: emptyInput,
    output: serviceGroupOutput,
    summary: 'The groups of the check-service catalogue, in display order.',
  }),
  comboList: defineEndpoint({
    path: '/api/checks/combo_list',
    access: 'user',
    input: comboListInput,
    output: comboListOutput,
    summary:
      'The check services (all, or one group) with price per device, maintenance flag, dependencies and freshness.',
  }),
  orderCreate: defineEndpoint({
    path: '/api/checks/order_create',
    access: 'user',
    input: orderCreateInput,
    output: orderWriteOutput,
    // 100,000 lines of up to 200 characters, as JSON.
    bodyLimit: 24 * 1024 * 1024,
    summary:
      'Place a check order: valid new identifiers become devices, each gets the chosen services; the price is frozen in the same transaction.',
  }),
  orderAddDevices: defineEndpoint({
    path: '/api/checks/order_add_devices',
    access: 'user',
    input: orderAddDevicesInput,
    output: orderWriteOutput,
    bodyLimit: 24 * 1024 * 1024,
    summary:
      "Add devices to an order (duplicates of the order's devices are skipped); their price is frozen.",
  }),
  orderRemark: defineEndpoint({
    path: '/api/checks/order_remark',
    access: 'user',
    input: orderRemarkInput,
    output: emptyOutput,
    summary: "Set an order's remark.",
  }),
  orderDelete: defineEndpoint({
    path: '/api/checks/order_delete',
    access: 'user',
    input: orderDeleteInput,
    output: emptyOutput,
    summary: 'Soft-delete a finished order (refused while jobs are running).',
  }),
  orderList: defineEndpoint({
    path: '/api/checks/order_list',
    access: 'user',
    input: orderListInput,
    output: orderListOutput,
    summary:
      "One page of the account's check orders, newest first, with totals (orders, devices, points spent).",
  }),
  orderDetail: defineEndpoint({
    path: '/api/checks/order_detail',
    access: 'user',
    input: orderDetailInput,
    output: orderDetailOutput,
    summary: 'One check order with its counts, progress and points frozen, settled and refunded.',
  }),
  orderResults: defineEndpoint({
    path: '/api/checks/order_results',
    access: 'user',
    input: orderResultsInput,
    output: orderResultsOutput,
    summary:
      "The devices of an order with every result field and each job's state; with changed_since only what changed.",
  }),
  pointRecord: defineEndpoint({
    path: '/api/user/point_record',
    access: 'user',
    input: pointRecordInput,
    output: pointRecordOutput,
    summary: "One page of the account's points ledger, newest first, with the balance and frozen points.",
  }),
  register: defineEndpoint({
    path: '/api/login/register',
    access: 'public',
    input: registerInput,
    output: loginOutput,
    summary:
      'Sign up a new shop: creates the account and its first Admin (phone proven by an SMS code, purpose register); answers the login datas.',
  }),
  resetPassword: defineEndpoint({
    path: '/api/login/reset_password',
    access: 'public',
    input: resetPasswordInput,
    output: resetPasswordOutput,
    summary:
      'Reset a forgotten password with an SMS code (purpose reset_password) sent to the bound phone; ends every session of that user.',
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
