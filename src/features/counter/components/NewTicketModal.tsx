import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { TICKET_FAULT_MAX } from '#contract/values/counter-tickets.ts';
import type { PickedCustomer } from '../model/customer-summary.ts';
import { CustomerPicker } from './CustomerPicker.tsx';
import { TicketConditionFields } from './TicketConditionFields.tsx';
import { TicketDepositFields } from './TicketDepositFields.tsx';
import { TicketDevicesField } from './TicketDevicesField.tsx';
import { useNewTicket } from './use-new-ticket.ts';

/** A warranty return starts from the first ticket: its customer and devices, linked by `warranty_of`. */
export interface WarrantyStart {
  ticketId: number;
  noText: string;
  customer: PickedCustomer;
  devices: string[];
}

/**
 * A customer hands phones over: who, which devices (SN/IMEI decoded as the repairs intake does), the
 * fault as told, the condition checklist, an optional deposit, technician, promised date, warranty.
 * Offline it waits in the outbox and lands once (request_id); the number comes when it lands.
 */
export function NewTicketModal({
  opened,
  onClose,
  technicians,
  onCreated,
  warranty,
}: {
  opened: boolean;
  onClose(): void;
  technicians: readonly { id: number; name: string }[];
  onCreated(id: number): void;
  warranty?: WarrantyStart;
}) {
  const { t } = useLingui();
  const form = useNewTicket({ warranty, onClose, onCreated });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={warranty ? t`Warranty return of ticket ${warranty.noText}` : t`New repair ticket`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack data-testid="new-ticket-form">
        <CustomerPicker
          value={form.customer}
          onChange={form.setCustomer}
          error={form.errors.customer}
          required
        />
        <TicketDevicesField form={form} />
        <Textarea
          label={t`Fault as the customer told it`}
          value={form.fault}
          onChange={(e) => form.setFault(e.currentTarget.value)}
          maxLength={TICKET_FAULT_MAX}
          rows={3}
          withAsterisk
          error={form.errors.fault}
          data-testid="ticket-fault"
        />
        <TicketConditionFields form={form} />
        <TicketDepositFields form={form} technicians={technicians} />
        {form.formError && (
          <Alert color="red" role="alert" data-testid="ticket-create-error">
            {form.formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={() => void form.submit()} loading={form.creating} data-testid="ticket-create">
            <Trans>Open the ticket</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
