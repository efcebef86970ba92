import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import readXlsxFile from 'read-excel-file/node';
import { ErrCode } from '#contract/errcodes.ts';
import type { ExportRow } from '#contract/schemas/checks-export.ts';
import type { ServiceRow } from '#contract/schemas/checks-catalogue.ts';
import { realtimeHandlers } from '#src/app/realtime-wiring.ts';
import { currentTestServer, mswServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { fillDeviceFacts } from '#tests/setup/export-order.ts';

async function signIn() {
  const token = await currentTestServer().login('admin', 'repair2026');
  localStorage.setItem('token', token);
  return token;
}

/** An order of 60 devices with facts, and a filtered export of it waiting to run. */
async function orderWithExport(token: string): Promise<ExportRow> {
  const s = currentTestServer();
  const list = await s.call<{ list: ServiceRow[] }>('/api/checks/combo_list', {}, { token });
  const warranty = list.datas.list.find((r) => r.code === 'warranty') as ServiceRow;
  const order = await s.call<{ order_id: number }>(
    '/api/checks/order_create',
    {
      title: '批次 12',
      identifiers: Array.from({ length: 60 }, (_, i) => testImei(i + 1)),
      service_ids: [warranty.id],
    },
    { token },
  );
  await fillDeviceFacts(s.db, order.datas.order_id);
  const started = await s.call<ExportRow>(
    '/api/exports/create',
    {
      order_id: order.datas.order_id,
      columns: ['imei', 'activation_lock'],
      filter: { activation_lock: 'yes' },
      lang: 'zh',
    },
    { token },
  );
  return started.datas;
}

afterEach(() => vi.restoreAllMocks());

describe('download center', () => {
  it('follows an export live, downloads exactly its rows, and deletes it', async () => {
    const token = await signIn();
    const job = await orderWithExport(token);
    const { queryClient } = renderApp('/app/downloadCenter');
    // The app's first render: slow on a loaded CI machine (it was still loading after 5 s once).
    const row = await screen.findByTestId('export-row', {}, { timeout: 15_000 });
    expect(within(row).getByText('等待中')).toBeTruthy();
    expect(within(row).getByText(job.file_name)).toBeTruthy();

    const emit = realtimeHandlers(queryClient, () => undefined)['exports:progress']!;
    act(() => emit({ ...job, state: 'running', progress: 40, rows: 8 }));
    await waitFor(() => expect(screen.getByTestId('export-row').getAttribute('data-state')).toBe('running'));
    expect(within(screen.getByTestId('export-row')).getByText('40%')).toBeTruthy();

    await currentTestServer().exportRunner.runOnce();
    const done = (await currentTestServer().call<{ list: ExportRow[] }>('/api/exports/list', {}, { token }))
      .datas.list[0] as ExportRow;
    act(() => emit(done));
    await waitFor(() => expect(screen.getByTestId('export-row').getAttribute('data-state')).toBe('done'));
    expect(within(screen.getByTestId('export-row')).getByTestId('export-rows').textContent).toBe('20');

    // The download: a signed link, fetched with the token, saved under the export's name.
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'),
        revokeObjectURL: () => undefined,
      }),
    );
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const u = userEvent.setup();
    await u.click(screen.getByTestId('export-download'));
    await waitFor(() => expect(clicks).toEqual([job.file_name]));
    const sheets = await readXlsxFile(Buffer.from(await (blobs[0] as Blob).arrayBuffer()));
    const data = (sheets[0] as { data: unknown[][] }).data;
    expect(data[0]).toEqual(['IMEI', '激活锁']);
    expect(data).toHaveLength(21);
    expect(data.slice(1).every((r) => r[1] === '是')).toBe(true);

    await u.click(screen.getByRole('button', { name: `删除 ${job.file_name}` }));
    await screen.findByText('暂无导出任务');
  }, 30_000);

  it('says so when the download link has expired', async () => {
    const token = await signIn();
    await orderWithExport(token);
    await currentTestServer().exportRunner.runOnce();
    mswServer.use(
      http.get('*/api/exports/download', () =>
        HttpResponse.json(
          { errcode: ErrCode.EXPORT_LINK_EXPIRED, msg: '下载链接已过期，请在下载中心重新下载', datas: null },
          { status: 200 },
        ),
      ),
    );
    renderApp('/app/downloadCenter');
    const u = userEvent.setup();
    await u.click(await screen.findByTestId('export-download', {}, { timeout: 15_000 }));
    expect(await screen.findByText('下载链接已过期，请在下载中心重新下载')).toBeTruthy();
  });
});
