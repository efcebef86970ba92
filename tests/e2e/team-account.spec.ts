import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LoginPage } from './pages/login-page.ts';
import { signInFast } from './session.ts';

// Unique per run: the e2e server's database lives for the whole run (and repeats).
const RUN = String(Date.now() % 10_000).padStart(4, '0');
const EDITOR = { username: `li4_${RUN}`, password: 'shop2026ok', phone: `1380000${RUN}` };
const OPENID = `e2e_wx_${RUN}`;

/** The newest sandbox SMS code sent to a phone, read from the development inbox page. */
async function latestSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  const html = await (await request.get('/sandbox/sms')).text();
  const row = html.split('<tr>').find((r) => r.includes(phone));
  const code = row?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no SMS for ${phone}`);
  return code;
}

/** Plays the scanning phone on the sandbox page the QR code points at. */
async function scanInSandbox(page: Page) {
  const href = await page.getByTestId('wx-sandbox-link').getAttribute('href');
  // The phone is another device: its own browser context, so the shop's tab stays in front.
  const device = await page.context().browser()!.newContext();
  const phone = await device.newPage();
  await phone.goto(href!);
  await phone.locator('input[name=openid]').fill(OPENID);
  await phone.getByRole('button', { name: /Confirm/ }).click();
  await device.close();
  await page.bringToFront();
}

test('the Admin adds an Editor, who is refused account management, changes the password by SMS, binds WeChat and signs in by QR', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The Admin adds an Editor.
  await signInFast(page, request);
  await page.goto('/#/app/accountmanagement');
  await page.reload();
  await page.getByRole('button', { name: '添加员工' }).click();
  const form = page.getByTestId('employee-form');
  await form.locator('input[name=username]').fill(EDITOR.username);
  await form.locator('input[name=real_name]').fill('李四');
  await form.locator('input[name=password]').fill(EDITOR.password);
  await form.locator('input[name=phone]').fill(EDITOR.phone);
  await form.getByRole('button', { name: '添加员工' }).click();
  await expect(page.getByTestId(`employee-${EDITOR.username}`)).toBeVisible();
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/#\/user\/login/);

  // The Editor signs in with the slider and is refused account management.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/#/user/login');
  await new LoginPage(page).signIn(EDITOR.username, EDITOR.password);
  await expect(page.getByTestId('current-user')).toHaveText(EDITOR.username);
  await page.goto('/#/app/accountmanagement');
  await expect(
    page.getByText('You are not authorized', { exact: false }).or(page.getByText('您没有权限访问此页面')),
  ).toBeVisible();

  // Password change with a sandbox SMS code.
  await page.goto('/#/app/personalcenter');
  await page.getByRole('tab', { name: '短信验证修改密码' }).click();
  const sms = page.getByTestId('sms-password-form');
  await sms.getByTestId('send-code-edit_password').click();
  await expect(sms.getByTestId('send-code-edit_password')).toBeDisabled();
  const code = await latestSmsCode(request, EDITOR.phone);
  await sms.getByLabel('短信验证码').fill(code);
  await sms.getByLabel('新密码', { exact: true }).fill('newpass2026');
  await sms.getByLabel('确认新密码').fill('newpass2026');
  await sms.getByRole('button', { name: '修改密码' }).click();
  await expect(sms.getByLabel('短信验证码')).toHaveValue('');

  // Bind WeChat through the sandbox scan page.
  await page.getByRole('button', { name: '绑定微信' }).click();
  await scanInSandbox(page);
  await expect(page.getByTestId('wx-status')).toHaveText('已绑定微信', { timeout: 15_000 });
  await expect(page.getByRole('dialog')).toBeHidden();

  // Sign out, then sign in again by QR.
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/#\/user\/login/);
  await page.getByRole('button', { name: '微信登录' }).click();
  await scanInSandbox(page);
  await expect(page.getByTestId('current-user')).toHaveText(EDITOR.username, { timeout: 15_000 });

  // The new password works, the old one does not.
  const puzzle = await (await request.post('/api/login/tncode', { data: {} })).json();
  const old = await (
    await request.post('/api/login/login', {
      data: { username: EDITOR.username, password: EDITOR.password, tn_r: 150, uniqid: puzzle.datas.uniqid },
    })
  ).json();
  expect(old.errcode).toBe(1102); // one generic sign-in failure (issue 15)
});
