import { expect, test, type Page } from '@playwright/test';

// The sign-in page takes the stored theme color and radius from CSS (src/ui/lite/lite-theme.css,
// decision 0025), with no color table in its JavaScript: the browser applies it.
async function submitStyle(page: Page, stored: { color?: string; radius?: string }) {
  await page.addInitScript((s) => {
    if (s.color) localStorage.setItem('themeColor', s.color);
    if (s.radius) localStorage.setItem('themeRadius', s.radius);
  }, stored);
  await page.goto('/#/user/login');
  const submit = page.getByRole('button', { name: '登录', exact: true });
  await expect(submit).toBeVisible();
  return submit.evaluate((el) => {
    const style = getComputedStyle(el);
    return { background: style.backgroundColor, color: style.color, radius: style.borderTopLeftRadius };
  });
}

test('the sign-in button wears the stored theme color and radius', async ({ page }) => {
  expect(await submitStyle(page, { color: 'dark.redruby', radius: 'flat' })).toEqual({
    background: 'rgb(176, 56, 44)', // redruby shade 5, the dark scheme's primary
    color: 'rgb(255, 255, 255)',
    radius: '0px',
  });
});

test('an unknown stored color is light.blueolympic, rounded by default', async ({ page }) => {
  expect(await submitStyle(page, { color: 'neon.pink' })).toEqual({
    background: 'rgb(0, 119, 177)', // blueolympic shade 7
    color: 'rgb(255, 255, 255)',
    radius: '8px',
  });
});
