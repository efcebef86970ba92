import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login-page.ts';

// The API's error messages are not in the sign-in page's first load (decision 0025): the client
// fetches them, with the app's catalog that holds their texts, for the first refused call.
test("a refused sign-in in English toasts the PWA's own English message, not the server's", async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.goto('/#/user/login');
  const login = new LoginPage(page);
  await login.fill('admin', 'wrong-password');
  await login.dragSliderTo();
  await expect(
    page.locator('.mantine-Notification-root', { hasText: 'Wrong username or password' }),
  ).toBeVisible();
  await expect(page.getByText('用户名或密码错误')).toHaveCount(0);
});
