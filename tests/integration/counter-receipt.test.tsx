import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { currentTestServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';

async function ticketFor(lang: 'zh' | 'en' | 'es') {
  const server = currentTestServer();
  const token = await server.session();
  const customer = await server.call<{ id: number }>(
    '/api/counter/customer_save',
    { name: 'Ana', phones: ['13800133344'], lang },
    { token },
  );
  const ticket = await server.call<{ id: number; no_text: string; status_link: string }>(
    '/api/counter/ticket_create',
    {
      customer_id: customer.datas.id,
      devices: [{ ident: testImei(7) }],
      fault: 'Pantalla rota',
      condition: { screen: 'damaged', passcode_given: true, accessories: 'SIM' },
      deposit: { amount_fen: 5000, method: 'cash' },
    },
    { token },
  );
  expect(ticket.errcode).toBe(0);
  localStorage.setItem('token', token);
  return ticket.datas;
}

// The first render loads the app's chunks and the customer's catalog: slow on a loaded machine.
describe('receipts', { timeout: 60_000 }, () => {
  it("prints the intake copy in the customer's language, whatever the screen's", async () => {
    const ticket = await ticketFor('en');
    renderApp(`/app/tickets/receipt?id=${ticket.id}&kind=intake&size=80mm`);
    const receipt = await screen.findByTestId('receipt', {}, { timeout: 40_000 });
    expect(receipt.getAttribute('data-lang')).toBe('en');
    expect(receipt.getAttribute('data-size')).toBe('80mm');
    const text = receipt.textContent ?? '';
    expect(text).toContain('Intake receipt');
    expect(text).toContain(ticket.no_text);
    expect(text).toContain('Pantalla rota');
    expect(text).toContain('138****3344');
    expect(within(receipt).getByTestId('receipt-condition').textContent).toContain('ScreenDamaged');
    expect(text).toContain('Passcode givenYes');
    expect(within(receipt).getByTestId('receipt-deposit').textContent).toBe('Deposit paid: ¥50.00');
    expect(text).toContain('The quote follows after diagnosis.');
    expect(text).toContain("Customer's signature");
    // The QR carries the status link as a full URL on the app's origin.
    expect(within(receipt).getByTestId('receipt-qr').getAttribute('data-url')).toBe(
      `${window.location.origin}${ticket.status_link}`,
    );
    // The screen around it stays Chinese.
    expect(screen.getByTestId('receipt-print').textContent).toBe('打印');
  });

  it('switches to the collection copy and A4 from the toolbar, in Spanish for a Spanish customer', async () => {
    const ticket = await ticketFor('es');
    const { router } = renderApp(`/app/tickets/receipt?id=${ticket.id}`);
    const receipt = await screen.findByTestId('receipt', {}, { timeout: 40_000 });
    expect(receipt.getAttribute('data-kind')).toBe('intake');
    expect(receipt.getAttribute('data-size')).toBe('a4');
    expect(receipt.textContent).toContain('Recibo de entrada');
    const u = userEvent.setup();
    await u.click(screen.getByText('取机单'));
    await waitFor(() => expect(screen.getByTestId('receipt').getAttribute('data-kind')).toBe('collection'));
    expect(router.state.location.search).toMatchObject({ id: ticket.id, kind: 'collection', size: 'a4' });
    const copy = screen.getByTestId('receipt');
    expect(copy.textContent).toContain('Recibo de recogida');
    expect(within(copy).getByTestId('receipt-paid').textContent).toBe('Pagado: ¥50.00');
    expect(within(copy).getByTestId('receipt-warranty').textContent).toMatch(
      /^Garantía de reparación: 90 días, hasta el \d{4}-\d{2}-\d{2}$/,
    );
  });

  it('a Chinese receipt heads its list of devices 设备, not their count', async () => {
    const ticket = await ticketFor('zh');
    renderApp(`/app/tickets/receipt?id=${ticket.id}&kind=intake&size=80mm`);
    const receipt = await screen.findByTestId('receipt', {}, { timeout: 40_000 });
    expect(receipt.getAttribute('data-lang')).toBe('zh');
    const devices = within(receipt).getAllByTestId('receipt-device');
    expect(devices).toHaveLength(1);
    const heading = within(receipt).getByRole('heading', { level: 2, name: '设备' });
    expect(heading.compareDocumentPosition(devices[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('an unknown ticket says so', async () => {
    localStorage.setItem('token', await currentTestServer().session());
    renderApp('/app/tickets/receipt?id=99999');
    expect(await screen.findByTestId('receipt-missing', {}, { timeout: 40_000 })).toBeTruthy();
  });
});
