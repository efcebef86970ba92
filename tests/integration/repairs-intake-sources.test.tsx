import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import writeXlsxFile from 'write-excel-file/node';
import { currentTestServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';
import { barcodeFrame, blankFrame } from '#tests/setup/barcode-image.ts';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';
import type * as cameraScan from '#src/lib/barcode/camera-scan.ts';
import { openCamera, type FrameSource } from '#src/lib/barcode/camera-scan.ts';

// CI has no camera: the camera is replaced by pictures of barcodes (drawn by bwip-js), and every
// step after it is real: the frame loop, ZXing's decoding, the scanner's list, the intake, the server.
vi.mock('#src/lib/barcode/camera-scan.ts', async (importOriginal) => {
  const real = await importOriginal<typeof cameraScan>();
  return { ...real, openCamera: vi.fn() };
});

const imei = (n: number) => imeiWithCheckDigit(String(35209900186200 + n));

async function signIn() {
  localStorage.setItem('token', await currentTestServer().login('admin', 'repair2026'));
}

async function openIntake(u: ReturnType<typeof userEvent.setup>, title: string) {
  await u.click(await screen.findByTestId('open-intake', {}, { timeout: 10_000 }));
  const form = await screen.findByTestId('intake-form');
  await u.type(within(form).getByLabelText(/批次名称/), title);
  return form;
}

const pasted = (form: HTMLElement) => (within(form).getByTestId('intake-paste') as HTMLTextAreaElement).value;

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('repair intake sources', () => {
  it('takes an XLSX spreadsheet: a header row, numeric IMEIs kept whole, each row one device', async () => {
    await signIn();
    renderApp('/app/maintenance/maintenance');
    const u = userEvent.setup();
    const form = await openIntake(u, 'XLSX 送修');
    const xlsx = await writeXlsxFile([
      [{ value: 'IMEI' }, { value: '维修单号' }, { value: '客户' }, { value: '电话' }],
      [{ value: Number(imei(1)) }, { value: 'G123456781' }, { value: '王表格' }, { value: '13800138001' }],
      [{ value: Number(imei(2)) }, { value: 'X1234567' }, { value: '李表格' }, { value: '' }],
    ]).toBuffer();
    const file = new File([new Uint8Array(xlsx)], '送修清单.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const input = form.ownerDocument.querySelector<HTMLInputElement>('input[type=file]')!;
    await u.upload(input, file);
    await waitFor(() =>
      expect(pasted(form)).toBe(
        `${imei(1)}\tG123456781\t王表格\t13800138001\n${imei(2)}\tX1234567\t李表格\n`,
      ),
    );
    expect(within(form).getByTestId('intake-count').getAttribute('data-count')).toBe('2');
    await u.click(within(form).getByTestId('intake-submit'));
    const result = await within(form).findByTestId('intake-result', {}, { timeout: 10_000 });
    expect(result.getAttribute('data-added')).toBe('1');
    expect(
      within(result)
        .getAllByTestId('intake-rejected-row')
        .map((r) => r.getAttribute('data-reason')),
    ).toEqual(['repair_id_invalid']);
    // The server holds the device with the customer from the sheet.
    const rows = await currentTestServer()
      .db.selectFrom('repair_devices')
      .select(['customer_name', 'customer_phone'])
      .where('imei', '=', imei(1))
      .execute();
    expect(rows).toEqual([{ customer_name: '王表格', customer_phone: '13800138001' }]);
  });

  it('refuses a file that is not a spreadsheet it can read, and says so', async () => {
    await signIn();
    renderApp('/app/maintenance/maintenance');
    const u = userEvent.setup({ applyAccept: false });
    const form = await openIntake(u, '旧格式');
    const input = form.ownerDocument.querySelector<HTMLInputElement>('input[type=file]')!;
    await u.upload(input, new File(['not a sheet'], 'old.xls'));
    expect(await screen.findByText('只能导入 CSV、TXT 和 XLSX 文件', {}, { timeout: 5_000 })).toBeTruthy();
    expect(pasted(form)).toBe('');
  });

  it('reads the box label barcodes through the camera scanner and appends them to the intake', async () => {
    // A browser that can open a camera (jsdom has no mediaDevices).
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn() },
    });
    const frames = [null, blankFrame(), await barcodeFrame(imei(3)), await barcodeFrame(imei(4))];
    let stopped = false;
    const source: FrameSource = {
      grab: () => (frames.length > 1 ? frames.shift()! : frames[0]!),
      stop: () => {
        stopped = true;
      },
    };
    vi.mocked(openCamera).mockResolvedValue(source);
    await signIn();
    renderApp('/app/maintenance/maintenance');
    const u = userEvent.setup();
    const form = await openIntake(u, '扫码送修');
    fireEvent.change(within(form).getByTestId('intake-paste'), {
      target: { value: `${imei(5)} R123456785` },
    });
    await u.click(within(form).getByTestId('intake-camera'));
    const codes = await screen.findByTestId('scanner-codes');
    await waitFor(() => expect(codes.textContent).toContain(imei(4)), { timeout: 10_000 });
    expect(
      within(codes)
        .getAllByText(/^\d{15}$/)
        .map((b) => b.textContent),
    ).toEqual([imei(3), imei(4)]);
    await u.click(screen.getByTestId('scanner-add'));
    await waitFor(() => expect(stopped).toBe(true));
    expect(pasted(form)).toBe(`${imei(5)} R123456785\n${imei(3)}\n${imei(4)}\n`);
    await u.click(within(form).getByTestId('intake-submit'));
    const result = await within(form).findByTestId('intake-result', {}, { timeout: 10_000 });
    expect(result.getAttribute('data-added')).toBe('3');
  });
});
