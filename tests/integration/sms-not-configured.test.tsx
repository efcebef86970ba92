// The screens that send SMS codes, against a server in production without an SMS provider (its
// real answer, 2040): each says plainly that no code can be sent, in the user's language.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mswServer } from '#tests/setup/web.ts';
import { realServerHandlers } from '#tests/msw/handlers.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { activateLanguage } from '#src/lib/i18n.ts';
import { renderApp } from '#tests/setup/render-app.tsx';

let prod: TestServer;
beforeEach(async () => {
  prod = await createTestServer({ config: { production: true } });
  mswServer.use(...realServerHandlers(() => prod.app));
});
afterEach(async () => {
  await activateLanguage('zh');
  await prod.close();
});

const sentCodes = async () => (await prod.db.selectFrom('sms_codes').select('id').execute()).length;

// The first screen of the file loads the routes' code and catalogs: slow on a busy shared machine.
const FIRST_PAINT = { timeout: 30_000 };

describe('SMS not configured (production without SMS_PROVIDER)', { timeout: 60_000 }, () => {
  it('sign-up: the code field says so under the send button (zh)', async () => {
    renderApp('/user/register');
    const u = userEvent.setup();
    const form = await screen.findByTestId('register-form', {}, FIRST_PAINT);
    await u.type(within(form).getByLabelText(/^手机号/), '13912340000');
    await u.click(within(form).getByTestId('send-code-register'));
    const notice = await within(form).findByTestId('sms-not-configured');
    expect(notice.textContent).toBe('本服务器未配置短信服务，无法发送验证码。请联系管理员。');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(await sentCodes()).toBe(0);
  });

  it('forgot password: the page says so (en)', async () => {
    await activateLanguage('en');
    renderApp('/user/forgot-password');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/^Phone number/, {}, FIRST_PAINT), '13700001111');
    await u.click(screen.getByRole('button', { name: 'Send code' }));
    const notice = await screen.findByTestId('sms-not-configured');
    expect(notice.textContent).toBe(
      'Text messages are not configured on this server, so no code can be sent. Please contact your administrator.',
    );
    expect(await sentCodes()).toBe(0);
  });

  it('personal center, bind phone: the form says so (es)', async () => {
    await activateLanguage('es');
    localStorage.setItem('token', await prod.session('editor'));
    renderApp('/app/personalcenter');
    const u = userEvent.setup();
    await screen.findByTestId('pc-username', {}, FIRST_PAINT);
    await u.click(await screen.findByRole('tab', { name: /Vincular teléfono/ }));
    const form = await screen.findByTestId('phone-form');
    await u.type(within(form).getByLabelText(/^Número de teléfono/), '13912345678');
    await u.click(within(form).getByTestId('send-code-binding_phone'));
    const notice = await within(form).findByTestId('sms-not-configured');
    expect(notice.textContent).toMatch(/^Los mensajes de texto no están configurados en este servidor/);
    expect(await sentCodes()).toBe(0);
  });
});
