import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login-page.ts';

// The sign-in page's language switch (src/ui/lite/LiteLanguageSelect.tsx): a visitor who does not
// read Chinese picks a language before signing in; the choice is stored and carries into the app.
test('a visitor switches the sign-in page to English, keeps it on reload, and signs in to an English shell', async ({
  page,
}) => {
  await page.goto('/#/user/login');
  const select = page.getByRole('combobox', { name: '语言' });
  await expect(select).toHaveValue('zh');
  await select.selectOption('en');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

  await new LoginPage(page).signIn();
  await expect(page.getByTestId('current-user')).toHaveText('admin');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});

test('in the dark scheme the page around the sign-in card is dark too', async ({ page }) => {
  // The scheme comes with the stored theme color (index.html's first-paint script).
  await page.addInitScript(() => localStorage.setItem('themeColor', 'dark.blueolympic'));
  await page.goto('/#/user/login');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const card = page.locator('main');
  await expect(card).toBeVisible();
  const [pageBackground, cardBackground] = await card.evaluate((el) => [
    getComputedStyle(el.parentElement!).backgroundColor,
    getComputedStyle(el).backgroundColor,
  ]);
  expect(pageBackground).toBe('rgb(31, 31, 31)');
  expect(cardBackground).toBe('rgb(36, 36, 36)');
});

test('the other signed-out pages have the language menu too', async ({ page }) => {
  await page.goto('/#/user/register');
  await page.getByRole('button', { name: '语言: 中文' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'Language: English' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/[\u4e00-\u9fff]/);
});
