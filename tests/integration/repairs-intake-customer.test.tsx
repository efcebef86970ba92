import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';
import { currentTestServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';

const imei = (n: number) => imeiWithCheckDigit(String(35209900186300 + n));

// The first render loads the repairs page's chunks: slow on a loaded machine.
describe('repairs intake picks the counter customer', { timeout: 60_000 }, () => {
  it('a customer created in the intake owns every device taken in', async () => {
    const server = currentTestServer();
    localStorage.setItem('token', await server.session());
    renderApp('/app/maintenance/maintenance');
    const u = userEvent.setup();
    await u.click(await screen.findByTestId('open-intake', {}, { timeout: 30_000 }));
    const form = await screen.findByTestId('intake-form');
    await u.type(within(form).getByLabelText(/批次名称/), '柜台收机');
    const field = within(form).getByTestId('intake-customer');
    await u.type(within(field).getByTestId('customer-search'), '孙七');
    await u.click(within(field).getByTestId('customer-new'));
    await u.type(within(field).getByTestId('new-customer-phone'), '13700137777');
    await u.click(within(field).getByTestId('new-customer-save'));
    await within(field).findByTestId('customer-picked');
    await u.type(within(form).getByTestId('intake-paste'), `${imei(1)}\n${imei(2)} 别人 13000000000\n`);
    await u.click(within(form).getByTestId('intake-submit'));
    const result = await within(form).findByTestId('intake-result', {}, { timeout: 10_000 });
    expect(result.getAttribute('data-added')).toBe('2');
    const customer = await server.db
      .selectFrom('customers')
      .select('id')
      .where('name', '=', '孙七')
      .executeTakeFirstOrThrow();
    const rows = await server.db
      .selectFrom('repair_devices')
      .select(['customer_id', 'customer_name', 'customer_phone'])
      .where('imei', 'in', [imei(1), imei(2)])
      .execute();
    expect(rows).toEqual([
      { customer_id: customer.id, customer_name: '孙七', customer_phone: '13700137777' },
      { customer_id: customer.id, customer_name: '孙七', customer_phone: '13700137777' },
    ]);
  });

  it('without a customer picked, the lines keep their own customer fields', async () => {
    const server = currentTestServer();
    localStorage.setItem('token', await server.session());
    renderApp('/app/maintenance/maintenance');
    const u = userEvent.setup();
    await u.click(await screen.findByTestId('open-intake', {}, { timeout: 30_000 }));
    const form = await screen.findByTestId('intake-form');
    await u.type(within(form).getByLabelText(/批次名称/), '逐行客户');
    await u.type(within(form).getByTestId('intake-paste'), `${imei(3)} 周八 13100131313\n`);
    await u.click(within(form).getByTestId('intake-submit'));
    await waitFor(
      () => expect(within(form).getByTestId('intake-result').getAttribute('data-added')).toBe('1'),
      {
        timeout: 10_000,
      },
    );
    const row = await server.db
      .selectFrom('repair_devices')
      .select(['customer_id', 'customer_name'])
      .where('imei', '=', imei(3))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ customer_id: null, customer_name: '周八' });
  });
});
