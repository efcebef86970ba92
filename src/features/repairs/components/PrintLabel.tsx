import { QRCodeSVG } from 'qrcode.react';
import { useLingui } from '@lingui/react/macro';
import type { RepairDeviceRow } from '#contract/schemas/repairs.ts';
import type { RepairSettingsDatas } from '#contract/schemas/repairs-monitors.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { Ltr } from '#src/ui/Ltr.tsx';
import { BADGE_LABELS, identOf, statusOf } from '../model.ts';
import classes from './print-label.module.css';

export type PaperSize = 'a4' | 'thermal';

interface PrintLabelProps {
  device: RepairDeviceRow;
  shop: RepairSettingsDatas | undefined;
  paper: PaperSize;
  /** The customer link's absolute URL, when one was made in this visit (its QR is printed). */
  linkUrl: string | null;
}

/** The intake label / receipt: hidden on screen, the only thing on paper (print CSS). */
export function PrintLabel({ device, shop, paper, linkUrl }: PrintLabelProps) {
  const { t, i18n } = useLingui();
  const status = statusOf(device);
  const rows: [string, string][] = [
    [t`Intake No.`, String(device.no)],
    [t`SN / IMEI`, [device.sn, device.imei].filter(Boolean).join(' / ')],
    [t`Model`, device.model ?? ''],
    [t`Repair ids`, device.repair_ids.join(', ')],
    [t`Customer`, [device.customer_name, device.customer_phone].filter(Boolean).join(' · ')],
    [t`Note`, device.customer_note],
    [t`Courier number`, device.courier_in],
    [t`Logistics badge`, i18n._(BADGE_LABELS[device.badge])],
    [t`Status`, status ? i18n._(status) : ''],
    [t`Sale price`, device.sale_price === null ? '' : formatHundredths(device.sale_price)],
    [t`Taken in`, formatDateTime(device.created_at)],
  ];
  return (
    <div className={`${classes.label} ${classes[paper]}`} data-testid="print-label" data-paper={paper}>
      <h1 style={{ fontSize: '1.3em', margin: '0 0 2mm' }}>{shop?.contact_name || t`Repair receipt`}</h1>
      {shop && (
        <div style={{ marginBottom: '2mm' }}>
          <Ltr>{[shop.contact_phone, shop.contact_address].filter(Boolean).join(' · ')}</Ltr>
        </div>
      )}
      <table>
        <tbody>
          {rows
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <tr key={k}>
                <td>{k}</td>
                <td>
                  <Ltr>{v}</Ltr>
                </td>
              </tr>
            ))}
        </tbody>
      </table>
      {linkUrl && (
        <div style={{ marginTop: '3mm', textAlign: 'center' }}>
          <QRCodeSVG
            value={linkUrl}
            size={paper === 'a4' ? 128 : 96}
            title={t`Customer status link of ${identOf(device)}`}
          />
          <div>{t`Scan to follow the repair`}</div>
        </div>
      )}
    </div>
  );
}
