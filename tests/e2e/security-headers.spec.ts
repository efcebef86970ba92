import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login-page.ts';

// The whole e2e suite runs against the real server, so under its Content-Security-Policy; this spec
// checks the policy is there and that the shell breaks none of it (the theme script runs by hash).
test('the shell runs under a strict CSP: no violation from sign-in to the dashboard, theme script allowed', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
    localStorage.setItem('themeColor', 'dark.bluenavy');
  });
  const res = await page.goto('/');
  const headers = res?.headers() ?? {};
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  // The inline theme script ran (by its hash): the stored dark scheme is painted first.
  expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');

  await new LoginPage(page).signIn();
  await expect(page).toHaveURL(/#\/app\/dashboards\/default$/);
  await expect(page.getByTestId('current-user')).toHaveText('admin');
  expect(violations).toEqual([]);
});
