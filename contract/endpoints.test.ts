import { RID, PNG, validInputs } from '#tests/fixtures/valid-inputs.ts';
import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import { endpoints, type EndpointName } from './endpoints.ts';
import {
  bindingPhoneInput,
  editPasswordInput,
  editPasswordSmsInput,
  newPasswordSchema,
  qrcodeInput,
  sendSmsInput,
  unbindWxInput,
  wxokInput,
  wxokOutput,
} from './schemas/account.ts';
import { IMAGE_DATA_URL_MAX, identifySnImeiInput } from './schemas/checks.ts';
import { addEmployeeInput, editUserInput, employeeListInput } from './schemas/team.ts';
import { buyRecordInput, payIntegralInput } from './schemas/wallet.ts';
import { RECHARGE_AMOUNT_MAX, rechargeCreateInput, rechargeRecordInput } from './schemas/recharge.ts';

/** Every call of spec section 7 (the table), plus identify_sn_imei named below it. */
const SPEC_PATHS = [
  '/api/login/login',
  '/api/login/quit',
  '/api/login/tncode',
  '/api/login/qrcode',
  '/api/login/wxok',
  '/api/admin/add_employee',
  '/api/admin/edit_user',
  '/api/admin/employee_list',
  '/api/admin/unbind_wx',
  '/api/user/get_user',
  '/api/socket_io/get_ws_auth_code',
  '/api/user/user_center',
  '/api/combo/get_account_price',
  '/api/user/edit_password',
  '/api/user/pay_integral',
  '/api/user/package_surplus',
  '/api/user/buy_record',
  '/api/user/sendsms',
  '/api/user/edit_password_sms',
  '/api/user/binding_phone',
  '/api/checks/identify_sn_imei',
];

const ok = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

describe('endpoint registry', () => {
  const list = Object.values(endpoints);

  it('has unique paths of the form /api/<group>/<name>', () => {
    const paths = list.map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p).toMatch(/^\/api\/[a-z_]+\/[a-z_]+$/);
  });

  it('covers every call of spec section 7', () => {
    const paths = new Set<string>(list.map((e) => e.path));
    for (const p of SPEC_PATHS) expect(paths, p).toContain(p);
  });

  it('gives every endpoint a one-line summary and a known access', () => {
    for (const e of list) {
      expect(e.summary.length).toBeGreaterThan(10);
      expect(e.summary).not.toContain('\n');
      expect(['public', 'user', 'admin']).toContain(e.access);
    }
  });

  it.each(Object.keys(validInputs) as EndpointName[])(
    '%s: accepts its sample and drops unknown fields',
    (name) => {
      const parsed = endpoints[name].input.safeParse({
        ...validInputs[name],
        unknown_field: 1,
        __proto_x: 'y',
      });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(parsed.data).not.toHaveProperty('unknown_field');
      expect(parsed.data).not.toHaveProperty('__proto_x');
    },
  );

  it('declares the access the brief asks for', () => {
    const admin = [
      'addEmployee',
      'editUser',
      'employeeList',
      'payIntegral',
      'rechargeCreate',
      'rechargeClose',
      'repairSettingsSave',
      'templateKitSet',
      // The counter's refunds and voids (issue 26, decision 0047).
      'ticketRefund',
      'ticketVoid',
      // The counter's shop settings (issue 26, decision 0050).
      'counterSettingsSave',
    ];
    const pub = [
      'tncode',
      'login',
      'quit',
      'qrcode',
      'wxok',
      'sendSms',
      'register',
      'resetPassword',
      'sandboxPay',
    ];
    for (const [name, e] of Object.entries(endpoints)) {
      expect(e.access, name).toBe(admin.includes(name) ? 'admin' : pub.includes(name) ? 'public' : 'user');
    }
  });
});

describe('account schemas', () => {
  it('enforces the new-password rules', () => {
    expect(ok(newPasswordSchema, 'abcd1234')).toBe(true);
    expect(ok(newPasswordSchema, 'a1'.repeat(32))).toBe(true); // 64 chars
    expect(ok(newPasswordSchema, 'a1'.repeat(32) + 'x')).toBe(false); // 65 chars
    expect(ok(newPasswordSchema, 'abc123')).toBe(false); // too short
    expect(ok(newPasswordSchema, 'abcdefgh')).toBe(false); // no digit
    expect(ok(newPasswordSchema, '12345678')).toBe(false); // no letter
    expect(ok(newPasswordSchema, ' abcd1234')).toBe(false); // leading space
  });

  it('edit_password: needs the old password and a strong, different new one', () => {
    expect(
      ok(editPasswordInput, { old_password: 'whatever', new_password: 'abcd1234', request_id: RID }),
    ).toBe(true);
    expect(ok(editPasswordInput, { old_password: 'whatever', new_password: 'weak' })).toBe(false);
    expect(ok(editPasswordInput, { old_password: 'abcd1234', new_password: 'abcd1234' })).toBe(false);
    expect(ok(editPasswordInput, { new_password: 'abcd1234' })).toBe(false);
    expect(ok(editPasswordInput, { old_password: 'x', new_password: 'abcd1234', request_id: 'short' })).toBe(
      false,
    );
  });

  it('sendsms: mainland mobile and a known purpose', () => {
    expect(sendSmsInput.parse({ phone: ' 13912345678 ', purpose: 'login' }).phone).toBe('13912345678');
    expect(ok(sendSmsInput, { phone: '12812345678', purpose: 'login' })).toBe(false); // second digit 2
    expect(ok(sendSmsInput, { phone: '1381234567', purpose: 'login' })).toBe(false); // 10 digits
    expect(ok(sendSmsInput, { phone: '+8613812345678', purpose: 'login' })).toBe(false);
    expect(ok(sendSmsInput, { phone: '13812345678', purpose: 'spam' })).toBe(false);
    expect(ok(sendSmsInput, { phone: '13812345678' })).toBe(false);
  });

  it('edit_password_sms and binding_phone: a 6-digit code', () => {
    expect(ok(editPasswordSmsInput, { code: '012345', new_password: 'abcd1234' })).toBe(true);
    expect(ok(editPasswordSmsInput, { code: '12345', new_password: 'abcd1234' })).toBe(false);
    expect(ok(editPasswordSmsInput, { code: '12345a', new_password: 'abcd1234' })).toBe(false);
    expect(ok(editPasswordSmsInput, { code: '123456', new_password: 'password' })).toBe(false);
    expect(ok(bindingPhoneInput, { phone: '13812345678', code: '12345' })).toBe(false);
    expect(ok(bindingPhoneInput, { phone: '23812345678', code: '123456' })).toBe(false);
    expect(ok(bindingPhoneInput, { phone: '13812345678', code: 123456 })).toBe(false);
  });

  it('qrcode and wxok: purpose defaults to login, bind is allowed, anything else is not', () => {
    expect(qrcodeInput.parse(undefined)).toEqual({ purpose: 'login' });
    expect(qrcodeInput.parse({ purpose: 'bind' })).toEqual({ purpose: 'bind' });
    expect(ok(qrcodeInput, { purpose: 'other' })).toBe(false);
    expect(wxokInput.parse({ uniqid: ' s1 ' })).toEqual({ uniqid: 's1', purpose: 'login' });
    expect(ok(wxokInput, { uniqid: '' })).toBe(false);
    expect(ok(wxokInput, {})).toBe(false);
  });

  it('wxok answers are told apart by status', () => {
    expect(ok(wxokOutput, { status: 'pending' })).toBe(true);
    expect(ok(wxokOutput, { status: 'scanned' })).toBe(true);
    expect(ok(wxokOutput, { status: 'expired' })).toBe(true);
    const user = {
      user_id: 1,
      username: 'boss',
      avatar: '',
      vip_end_time: 0,
      integral: 12345,
      wx_openid: 'o-abc',
      phone_number: '',
      role: 0,
      account_id: 1,
      account_name: 'Shop',
    };
    expect(ok(wxokOutput, { status: 'logged_in', ...user, token: 't' })).toBe(true);
    expect(ok(wxokOutput, { status: 'logged_in', ...user })).toBe(false); // no token
    expect(ok(wxokOutput, { status: 'bound', ...user })).toBe(true);
    expect(ok(wxokOutput, { status: 'done' })).toBe(false);
  });

  it('unbind_wx: user_id is optional, positive when given', () => {
    expect(unbindWxInput.parse(undefined)).toEqual({});
    expect(ok(unbindWxInput, { user_id: 5 })).toBe(true);
    expect(ok(unbindWxInput, { user_id: 0 })).toBe(false);
    expect(ok(unbindWxInput, { user_id: '5' })).toBe(false);
  });
});

describe('team schemas', () => {
  const employee = { username: 'li_lei', password: 'abcd1234', real_name: ' 李雷 ', role: 1 };

  it('add_employee: trims, checks username, password, role and optional phone', () => {
    expect(addEmployeeInput.parse(employee).real_name).toBe('李雷');
    expect(ok(addEmployeeInput, { ...employee, phone_number: '13812345678' })).toBe(true);
    expect(ok(addEmployeeInput, { ...employee, phone_number: '12345' })).toBe(false);
    expect(ok(addEmployeeInput, { ...employee, password: 'abcdefgh' })).toBe(false);
    expect(ok(addEmployeeInput, { ...employee, username: 'ab' })).toBe(false);
    expect(ok(addEmployeeInput, { ...employee, username: 'li lei' })).toBe(false);
    expect(ok(addEmployeeInput, { ...employee, username: 'x'.repeat(33) })).toBe(false);
    expect(ok(addEmployeeInput, { ...employee, real_name: '   ' })).toBe(false);
    expect(ok(addEmployeeInput, { ...employee, role: 2 })).toBe(false);
  });

  it('edit_user: user_id and at least one change', () => {
    expect(ok(editUserInput, { user_id: 3, role: 0 })).toBe(true);
    expect(ok(editUserInput, { user_id: 3, new_password: 'abcd1234', request_id: RID })).toBe(true);
    expect(ok(editUserInput, { user_id: 3, disabled: false })).toBe(true);
    expect(ok(editUserInput, { user_id: 3 })).toBe(false);
    expect(ok(editUserInput, { user_id: 3, request_id: RID })).toBe(false);
    expect(ok(editUserInput, { role: 0 })).toBe(false);
    expect(ok(editUserInput, { user_id: 3, new_password: 'weak' })).toBe(false);
    expect(ok(editUserInput, { user_id: 3, disabled: 'yes' })).toBe(false);
  });

  it('employee_list: paging defaults and limits', () => {
    expect(employeeListInput.parse(undefined)).toEqual({ page: 1, page_size: 20, keyword: '' });
    expect(employeeListInput.parse({ keyword: ' li ' })).toEqual({ page: 1, page_size: 20, keyword: 'li' });
    expect(ok(employeeListInput, { page_size: 100 })).toBe(true);
    expect(ok(employeeListInput, { page_size: 1000 })).toBe(false);
    expect(ok(employeeListInput, { page_size: 0 })).toBe(false);
    expect(ok(employeeListInput, { page: 0 })).toBe(false);
    expect(ok(employeeListInput, { page: 1.5 })).toBe(false);
    expect(ok(employeeListInput, { keyword: 'x'.repeat(65) })).toBe(false);
  });
});

describe('wallet schemas', () => {
  it('pay_integral: a positive combo id', () => {
    expect(ok(payIntegralInput, { combo_id: 1 })).toBe(true);
    expect(ok(payIntegralInput, { combo_id: 0 })).toBe(false);
    expect(ok(payIntegralInput, { combo_id: '1' })).toBe(false);
    expect(ok(payIntegralInput, {})).toBe(false);
  });

  it('buy_record: paging defaults and limits', () => {
    expect(buyRecordInput.parse({})).toEqual({ page: 1, page_size: 20 });
    expect(buyRecordInput.parse(undefined)).toEqual({ page: 1, page_size: 20 });
    expect(ok(buyRecordInput, { page: 3, page_size: 100 })).toBe(true);
    expect(ok(buyRecordInput, { page_size: 1000 })).toBe(false);
    expect(ok(buyRecordInput, { page: -1 })).toBe(false);
    expect(ok(buyRecordInput, { kind: 'checks' })).toBe(true);
    expect(ok(buyRecordInput, { kind: 'gold' })).toBe(false);
  });

  it('recharge_create: whole fen, positive, bounded', () => {
    expect(ok(rechargeCreateInput, { amount: 1250 })).toBe(true);
    expect(ok(rechargeCreateInput, { amount: 12.5 })).toBe(false); // a fraction of a fen
    expect(ok(rechargeCreateInput, { amount: 0 })).toBe(false);
    expect(ok(rechargeCreateInput, { amount: -100 })).toBe(false);
    expect(ok(rechargeCreateInput, { amount: '1250' })).toBe(false);
    expect(ok(rechargeCreateInput, { amount: RECHARGE_AMOUNT_MAX + 1 })).toBe(false);
    const issue = rechargeCreateInput.safeParse({ amount: 10.005 }).error?.issues[0];
    expect(issue?.message).toBe('金额最多两位小数');
  });

  it('recharge_record: paging defaults and a known state', () => {
    expect(rechargeRecordInput.parse(undefined)).toEqual({ page: 1, page_size: 20 });
    expect(ok(rechargeRecordInput, { state: 'paid' })).toBe(true);
    expect(ok(rechargeRecordInput, { state: 'refunded' })).toBe(false);
  });
});

describe('checks schemas', () => {
  it('identify_sn_imei: an image data URL of bounded size', () => {
    expect(ok(identifySnImeiInput, { image: PNG })).toBe(true);
    expect(ok(identifySnImeiInput, { image: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==' })).toBe(true);
    expect(ok(identifySnImeiInput, { image: 'https://example.com/a.png' })).toBe(false);
    expect(ok(identifySnImeiInput, { image: 'data:text/plain;base64,aGVsbG8=' })).toBe(false);
    expect(ok(identifySnImeiInput, { image: 'data:image/png;base64,' })).toBe(false);
    const huge = 'data:image/png;base64,' + 'A'.repeat(IMAGE_DATA_URL_MAX);
    expect(ok(identifySnImeiInput, { image: huge })).toBe(false);
    expect(ok(identifySnImeiInput, {})).toBe(false);
  });
});
