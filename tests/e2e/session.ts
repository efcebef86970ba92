import type { APIRequestContext, Page } from '@playwright/test';
import { PUZZLE_X } from './pages/login-page.ts';

/** Signs in through the API (the slider itself is covered by auth.spec.ts) and stores the token. */
export async function signInFast(
  page: Page,
  request: APIRequestContext,
  username = 'admin',
  password = 'repair2026',
) {
  const puzzle = await (await request.post('/api/login/tncode', { data: {} })).json();
  const login = await (
    await request.post('/api/login/login', {
      data: { username, password, tn_r: PUZZLE_X, uniqid: puzzle.datas.uniqid },
    })
  ).json();
  if (login.errcode !== 0) throw new Error(`sign-in failed: ${login.msg}`);
  await page.addInitScript((token) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', token);
  }, login.datas.token as string);
  return login.datas.token as string;
}
