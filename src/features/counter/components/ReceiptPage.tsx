import { useState } from 'react';
import { Alert, Button, Group, Loader, SegmentedControl, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { customerDetailQuery } from '../api/customers-api.ts';
import { counterSettingsQuery } from '../api/settings-api.ts';
import { receiptTicketQuery, shopContactQuery } from '../api/receipt-api.ts';
import { statusUrl, type ReceiptKind, type ReceiptSize } from '../model/receipt.ts';
import { Receipt } from './Receipt.tsx';
import { useDocumentI18n } from './use-document-i18n.ts';

interface ReceiptPageProps {
  ticketId: number | undefined;
  kind: ReceiptKind;
  size: ReceiptSize;
  /** The route changes kind and size in the URL (a reload prints the same copy). */
  onChange(next: { kind: ReceiptKind; size: ReceiptSize }): void;
}

/** /app/tickets/receipt: a ticket's receipt on screen with print and size buttons, in the customer's language. */
export function ReceiptPage({ ticketId, kind, size, onChange }: ReceiptPageProps) {
  const { t } = useLingui();
  const ticket = useQuery({ ...receiptTicketQuery(ticketId ?? 0), enabled: ticketId !== undefined });
  const customer = useQuery({
    ...customerDetailQuery(ticket.data?.customer_id ?? 0),
    enabled: ticket.data !== undefined,
  });
  const shop = useQuery(shopContactQuery());
  // The shop's terms go on the intake copy: a receipt printed before they arrive would lack them.
  const settings = useQuery(counterSettingsQuery());
  const docI18n = useDocumentI18n(customer.data?.customer.lang);
  // The warranty counts from collection; before it, from when the page opened.
  const [nowS] = useState(() => Math.floor(Date.now() / 1000));
  const failed =
    ticketId === undefined ? t`This ticket does not exist` : actionErrorText(ticket.error ?? customer.error);
  if (ticketId === undefined || ticket.isError || customer.isError)
    return (
      <Alert color="red" data-testid="receipt-missing">
        {failed}
      </Alert>
    );
  return (
    <Stack>
      {/* The paper size for the browser's print dialog: A4, or an 80 mm roll as long as the receipt. */}
      <style>{`@page { size: ${size === 'a4' ? 'A4' : '80mm auto'}; margin: ${size === 'a4' ? '10mm' : '0'}; }`}</style>
      <Group data-testid="receipt-toolbar">
        <SegmentedControl
          aria-label={t`Receipt`}
          value={kind}
          onChange={(v) => onChange({ kind: v as ReceiptKind, size })}
          data={[
            { value: 'intake', label: t`Intake receipt` },
            { value: 'collection', label: t`Collection receipt` },
          ]}
        />
        <SegmentedControl
          aria-label={t`Paper`}
          value={size}
          onChange={(v) => onChange({ kind, size: v as ReceiptSize })}
          data={[
            { value: 'a4', label: 'A4' },
            { value: '80mm', label: t`80 mm roll` },
          ]}
          data-testid="receipt-size"
        />
        <Button onClick={() => window.print()} data-testid="receipt-print">
          <Trans>Print</Trans>
        </Button>
      </Group>
      {ticket.data && customer.data && docI18n && !settings.isPending ? (
        <I18nProvider i18n={docI18n}>
          <Receipt
            ticket={ticket.data}
            customer={customer.data.customer}
            shop={shop.data}
            terms={settings.data?.receipt_terms ?? ''}
            kind={kind}
            size={size}
            statusUrl={statusUrl(window.location.origin, ticket.data.status_link)}
            nowS={nowS}
          />
        </I18nProvider>
      ) : (
        <Loader />
      )}
    </Stack>
  );
}
