import { Alert, Divider, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import { Trans, useLingui } from '@lingui/react/macro';
import { PAYMENT_METHODS, type PaymentMethod } from '#contract/counter/money.ts';
import { PAYMENT_METHOD_WORDS } from '#src/lib/payment-method-words.ts';
import { yuan } from '../ticket-model.ts';
import type { NewTicketState } from './use-new-ticket.ts';

/**
 * The new ticket's deposit and promise: an optional deposit and its method, the technician, the day
 * promised (today or later), the repair's warranty; a deposit typed is said back in words before sending.
 */
export function TicketDepositFields({
  form,
  technicians,
}: {
  form: NewTicketState;
  technicians: readonly { id: number; name: string }[];
}) {
  const { t, i18n } = useLingui();
  const { deposit, method } = form;
  return (
    <>
      <Divider label={t`Deposit and promise`} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t`Deposit (yuan, optional)`}
          value={form.depositText}
          onChange={(e) => form.setDepositText(e.currentTarget.value)}
          inputMode="decimal"
          error={form.errors.deposit}
          data-testid="ticket-deposit"
        />
        <Select
          label={t`Deposit paid by`}
          data={PAYMENT_METHODS.map((m) => ({ value: m, label: i18n._(PAYMENT_METHOD_WORDS[m]) }))}
          value={method}
          onChange={(v) => v && form.setMethod(v as PaymentMethod)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="ticket-deposit-method"
        />
        <Select
          label={t`Technician`}
          data={technicians.map((x) => ({ value: String(x.id), label: x.name }))}
          value={form.technician}
          onChange={form.setTechnician}
          clearable
          comboboxProps={{ withinPortal: true }}
          data-testid="ticket-technician"
        />
        <DatePickerInput
          label={t`Promised for`}
          valueFormat="YYYY-MM-DD"
          value={form.promised}
          onChange={form.setPromised}
          minDate={dayjs().format('YYYY-MM-DD')}
          clearable
          popoverProps={{ withinPortal: true }}
          data-testid="ticket-promised"
        />
        <NumberInput
          label={t`Repair warranty (days)`}
          value={form.warrantyDays}
          onChange={(v) => form.setWarrantyDays(typeof v === 'number' ? v : 0)}
          min={0}
          max={730}
          allowDecimal={false}
          data-testid="ticket-warranty-days"
        />
      </SimpleGrid>
      {deposit !== null && (
        <Alert color="blue" data-testid="ticket-deposit-preview">
          <Trans>
            A deposit of {yuan(deposit)} by {i18n._(PAYMENT_METHOD_WORDS[method])} will be recorded with the
            ticket.
          </Trans>
        </Alert>
      )}
    </>
  );
}
