import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentTestServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';

async function signIn() {
  localStorage.setItem('token', await currentTestServer().session());
}

async function saveCustomer(body: Record<string, unknown>) {
  const server = currentTestServer();
  const res = await server.call<{ id: number }>('/api/counter/customer_save', body, {
    token: await server.session(),
  });
  expect(res.errcode).toBe(0);
  return res.datas.id;
}

const rowsShown = () => screen.getAllByTestId('customer-row');

describe('customers: list, detail, merge', () => {
  it('lists customers with masked phones and tags, finds one by the last four digits, opens it', async () => {
    const wang = await saveCustomer({ name: '王小明', phones: ['13800133344'], tags: ['VIP'] });
    await saveCustomer({ name: '李四', phones: ['13900135566'] });
    await signIn();
    const { router } = renderApp('/app/customers');
    await waitFor(() => expect(rowsShown()).toHaveLength(2), { timeout: 10_000 });
    const table = screen.getByTestId('customers-table');
    expect(table.textContent).toContain('138****3344');
    expect(table.textContent).not.toContain('13800133344');
    expect(table.textContent).toContain('VIP');
    // The menu has the entry.
    expect(screen.getByTestId('navbar').textContent).toContain('客户');

    const u = userEvent.setup();
    await u.type(screen.getByTestId('customers-search'), '3344');
    await waitFor(() => expect(rowsShown()).toHaveLength(1));
    await u.click(within(rowsShown()[0]!).getAllByRole('cell')[3]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/customers/detail'));
    expect(router.state.location.search).toEqual({ id: wang });
    expect((await screen.findByTestId('customer-detail')).getAttribute('data-customer-id')).toBe(
      String(wang),
    );
  });

  it('edits the record: name, tags, message language, SMS opt-out', async () => {
    const id = await saveCustomer({ name: '赵六', phones: ['13500135000'] });
    await signIn();
    renderApp(`/app/customers/detail?id=${id}`);
    const form = await screen.findByTestId('customer-edit', {}, { timeout: 10_000 });
    const u = userEvent.setup();
    const name = within(form).getByTestId('customer-edit-name');
    await u.clear(name);
    await u.type(name, '赵六六');
    await u.type(within(form).getByTestId('customer-edit-tags'), '老客户{Enter}');
    await u.type(within(form).getByTestId('customer-edit-phones'), '0755-8888 6666{Enter}');
    await u.click(within(form).getByTestId('customer-edit-lang'));
    await u.click(await screen.findByRole('option', { name: 'English', hidden: true }));
    await u.click(within(form).getByTestId('customer-edit-optout'));
    await u.click(within(form).getByTestId('customer-edit-save'));
    await waitFor(async () => {
      const row = await currentTestServer()
        .db.selectFrom('customers')
        .select(['name', 'tags', 'lang', 'sms_opt_out'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ name: '赵六六', tags: '["老客户"]', lang: 'en', sms_opt_out: 1 });
    });
    const phones = await currentTestServer()
      .db.selectFrom('customer_phones')
      .select('phone')
      .where('customer_id', '=', id)
      .orderBy('phone')
      .execute();
    expect(phones.map((p) => p.phone)).toEqual(['075588886666', '13500135000']);
  });

  it('a phone of another customer offers that customer for merging; the merge keeps their tickets and phones', async () => {
    const keep = await saveCustomer({ name: '陈一', phones: ['13300133000'] });
    const dup = await saveCustomer({ name: '陈一（旧）', phones: ['13300134000'] });
    await signIn();
    const { router } = renderApp(`/app/customers/detail?id=${keep}`);
    const form = await screen.findByTestId('customer-edit', {}, { timeout: 10_000 });
    const u = userEvent.setup();
    await u.type(within(form).getByTestId('customer-edit-phones'), '13300134000{Enter}');
    await u.click(within(form).getByTestId('customer-edit-save'));
    expect((await within(form).findByTestId('customer-edit-error')).textContent).toContain('陈一（旧）');
    // The duplicate is offered in the merge panel, which picks a record and makes none.
    const panel = screen.getByTestId('customer-merge');
    expect(within(panel).queryByTestId('customer-new')).toBeNull();
    // The page's own words: the record in the breadcrumb, its devices as a list (not 设备数, a count).
    expect(screen.getByTestId('breadcrumb').textContent).toContain('客户档案');
    expect(within(screen.getByTestId('customer-devices')).getByRole('heading').textContent).toBe('设备');
    await waitFor(() =>
      expect(within(panel).getByTestId('customer-picked').getAttribute('data-customer-id')).toBe(String(dup)),
    );
    await u.click(within(panel).getByTestId('customer-merge-start'));
    const question = await screen.findByTestId('customer-merge-question');
    expect(question.textContent).toContain('陈一（旧）');
    await u.click(screen.getByTestId('customer-merge-confirm'));
    await waitFor(async () => {
      const merged = await currentTestServer()
        .db.selectFrom('customers')
        .select('merged_into')
        .where('id', '=', dup)
        .executeTakeFirstOrThrow();
      expect(merged.merged_into).toBe(keep);
    });
    const phones = await currentTestServer()
      .db.selectFrom('customer_phones')
      .select('phone')
      .where('customer_id', '=', keep)
      .orderBy('phone')
      .execute();
    expect(phones.map((p) => p.phone)).toEqual(['13300133000', '13300134000']);
    expect(router.state.location.search).toEqual({ id: keep });
  });

  it('merges a duplicate picked by name from the detail page', async () => {
    const keep = await saveCustomer({ name: '周二', phones: [] });
    const dup = await saveCustomer({ name: '周二哥', phones: [] });
    await signIn();
    renderApp(`/app/customers/detail?id=${keep}`);
    const panel = await screen.findByTestId('customer-merge', {}, { timeout: 10_000 });
    const u = userEvent.setup();
    await u.type(within(panel).getByTestId('customer-search'), '周二哥');
    await u.click(await within(panel).findByTestId('customer-result'));
    await u.click(within(panel).getByTestId('customer-merge-start'));
    await u.click(await screen.findByTestId('customer-merge-confirm'));
    await waitFor(async () => {
      const merged = await currentTestServer()
        .db.selectFrom('customers')
        .select('merged_into')
        .where('id', '=', dup)
        .executeTakeFirstOrThrow();
      expect(merged.merged_into).toBe(keep);
    });
  });
});
