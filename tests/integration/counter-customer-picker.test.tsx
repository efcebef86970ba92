import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers } from '#src/app/providers.tsx';
import { createQueryClient } from '#src/app/query-client.ts';
import { wireApiClient } from '#src/app/api-wiring.ts';
import { CustomerPicker } from '#src/features/counter/components/CustomerPicker.tsx';
import type { PickedCustomer } from '#src/features/counter/model/customer-summary.ts';
import { MantineScope } from '#src/ui/mantine-scope.tsx';
import { currentTestServer } from '#tests/setup/web.ts';

function Harness() {
  const [value, setValue] = useState<PickedCustomer | null>(null);
  return (
    <>
      <CustomerPicker value={value} onChange={setValue} />
      <output data-testid="picked">{value ? `${value.id}:${value.name}:${value.lang}` : ''}</output>
    </>
  );
}

async function renderPicker() {
  const server = currentTestServer();
  localStorage.setItem('token', await server.session());
  wireApiClient(() => undefined);
  const queryClient = createQueryClient();
  render(
    <Providers queryClient={queryClient}>
      <MantineScope>
        <Harness />
      </MantineScope>
    </Providers>,
  );
  // Mantine arrives as its own chunk (src/ui/mantine-scope.tsx).
  await screen.findByTestId('customer-picker', {}, { timeout: 10_000 });
  return { server, queryClient };
}

async function saveCustomer(name: string, phones: string[]) {
  const server = currentTestServer();
  const token = await server.session();
  const res = await server.call<{ id: number }>('/api/counter/customer_save', { name, phones }, { token });
  expect(res.errcode).toBe(0);
  return res.datas.id;
}

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

describe('the customer picker', () => {
  it('finds a customer by the last four digits of a phone and by a name, and picks one', async () => {
    const wang = await saveCustomer('王小明', ['13800133344']);
    await saveCustomer('王大力', ['13900135566']);
    await renderPicker();
    const u = userEvent.setup();
    await u.type(screen.getByTestId('customer-search'), '3344');
    await waitFor(() => expect(screen.getAllByTestId('customer-result')).toHaveLength(1));
    const row = screen.getByTestId('customer-result');
    // The phone is masked as every screen shows it.
    expect(row.textContent).toContain('王小明');
    expect(row.textContent).toContain('138****3344');
    expect(row.textContent).not.toContain('13800133344');

    await u.clear(screen.getByTestId('customer-search'));
    await u.type(screen.getByTestId('customer-search'), '王');
    await waitFor(() => expect(screen.getAllByTestId('customer-result')).toHaveLength(2));
    await u.click(screen.getAllByTestId('customer-result').find((r) => r.textContent?.includes('小明'))!);
    expect(screen.getByTestId('picked').textContent).toBe(`${wang}:王小明:zh`);
    expect(screen.getByTestId('customer-picked').textContent).toContain('138****3344');

    // Changing clears the value and brings the search back.
    await u.click(screen.getByTestId('customer-change'));
    expect(screen.getByTestId('picked').textContent).toBe('');
    expect(screen.getByTestId('customer-search')).toBeTruthy();
  });

  it('creates a customer inline with the language of their messages; the server holds it once', async () => {
    const { server } = await renderPicker();
    const u = userEvent.setup();
    await u.type(screen.getByTestId('customer-search'), '13700137000');
    await screen.findByTestId('customer-no-match');
    await u.click(screen.getByTestId('customer-new'));
    const form = screen.getByTestId('new-customer-form');
    // What was searched starts the form: digits are the phone.
    expect((within(form).getByTestId('new-customer-phone') as HTMLInputElement).value).toBe('13700137000');
    await u.click(within(form).getByTestId('new-customer-save'));
    expect(await within(form).findByText('请输入客户姓名')).toBeTruthy();
    await u.type(within(form).getByTestId('new-customer-name'), 'Ana López');
    await u.click(within(form).getByTestId('new-customer-lang'));
    await u.click(await screen.findByRole('option', { name: 'Español', hidden: true }));
    await u.click(within(form).getByTestId('new-customer-save'));
    await waitFor(() => expect(screen.getByTestId('picked').textContent).toMatch(/^\d+:Ana López:es$/));
    const rows = await server.db.selectFrom('customers').select(['name', 'lang']).execute();
    expect(rows).toEqual([{ name: 'Ana López', lang: 'es' }]);
  });

  it('a phone another customer has: offers that customer instead of a duplicate', async () => {
    const li = await saveCustomer('李四', ['13600136000']);
    await renderPicker();
    const u = userEvent.setup();
    await u.click(screen.getByTestId('customer-new'));
    const form = screen.getByTestId('new-customer-form');
    await u.type(within(form).getByTestId('new-customer-name'), '李四四');
    await u.type(within(form).getByTestId('new-customer-phone'), '136 0013 6000');
    await u.click(within(form).getByTestId('new-customer-save'));
    const taken = await within(form).findByTestId('new-customer-phone-taken');
    expect(taken.textContent).toContain('李四');
    await u.click(within(taken).getByRole('button'));
    await waitFor(() => expect(screen.getByTestId('picked').textContent).toBe(`${li}:李四:zh`));
  });

  it('offline: searches the customers already seen on this device and says a new one needs the network', async () => {
    await saveCustomer('赵六', ['13500135000']);
    await renderPicker();
    const u = userEvent.setup();
    await u.type(screen.getByTestId('customer-search'), '赵');
    await waitFor(() => expect(screen.getAllByTestId('customer-result')).toHaveLength(1));
    await u.clear(screen.getByTestId('customer-search'));
    setOnline(false);
    try {
      await u.type(screen.getByTestId('customer-search'), '5000');
      expect(await screen.findByTestId('customer-search-offline')).toBeTruthy();
      await waitFor(() => expect(screen.getAllByTestId('customer-result')).toHaveLength(1));
      await u.click(screen.getByTestId('customer-new'));
      expect(screen.getByTestId('new-customer-offline')).toBeTruthy();
      expect((screen.getByTestId('new-customer-save') as HTMLButtonElement).disabled).toBe(true);
      await u.click(screen.getByTestId('customer-result'));
      expect(screen.getByTestId('picked').textContent).toMatch(/^\d+:赵六:zh$/);
    } finally {
      setOnline(true);
    }
  });
});
