import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login-page.ts';

// A refused sign-in is said once, next to the field, in the page's language: not again in a toast
// (issue 27: the same error showed inline and as a toast), and never in the server's Chinese.
test('a refused sign-in in English says "Wrong username or password" once, on the form, not in a toast', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.goto('/#/user/login');
  const login = new LoginPage(page);
  await login.fill('admin', 'wrong-password');
  await login.dragSliderTo();
  await expect(page.locator('[data-field-error]', { hasText: 'Wrong username or password' })).toBeVisible();
  await expect(page.getByText('Wrong username or password')).toHaveCount(1);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await expect(page.getByText('用户名或密码错误')).toHaveCount(0);
});
