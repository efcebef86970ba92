import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  Divider,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import { Trans, useLingui } from '@lingui/react/macro';
import { PAYMENT_METHODS, type PaymentMethod } from '#contract/counter/money.ts';
import {
  CONDITION_PARTS,
  TICKET_DEVICES_MAX,
  TICKET_FAULT_MAX,
  type TicketCondition,
} from '#contract/schemas/counter-tickets.ts';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { isQueued } from '#src/lib/offline/outbox.ts';
import { useRequestId } from '#src/lib/use-request-id.ts';
import { notify } from '#src/ui/notify.ts';
import { useCreateTicket } from '../api/tickets-api.ts';
import { fenOfYuan, readDevices, yuan } from '../ticket-model.ts';
import { PAYMENT_METHOD_WORDS } from '#src/lib/payment-method-words.ts';
import { CONDITION_PART_WORDS, CONDITION_STATE_WORDS } from '../model/counter-words.ts';
import { DEVICE_REASON_LABELS } from '../ticket-words.ts';
import type { PickedCustomer } from '../model/customer-summary.ts';
import { CustomerPicker } from './CustomerPicker.tsx';

const EMPTY_CONDITION: TicketCondition = {
  screen: 'not_checked',
  housing: 'not_checked',
  buttons: 'not_checked',
  cameras: 'not_checked',
  biometrics: 'not_checked',
  liquid: 'not_checked',
  accessories: '',
  passcode_given: false,
};

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
  const { t, i18n } = useLingui();
  const [customer, setCustomer] = useState<PickedCustomer | null>(warranty?.customer ?? null);
  const [devices, setDevices] = useState<string[]>(warranty?.devices ?? ['']);
  const [fault, setFault] = useState('');
  const [condition, setCondition] = useState<TicketCondition>(EMPTY_CONDITION);
  const [depositText, setDepositText] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [technician, setTechnician] = useState<string | null>(null);
  const [promised, setPromised] = useState<string | null>(null);
  const [warrantyDays, setWarrantyDays] = useState<number>(90);
  const [errors, setErrors] = useState<{
    customer?: string;
    devices?: string;
    fault?: string;
    deposit?: string;
  }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateTicket();
  const requestIds = useRequestId();
  const drafts = readDevices(devices);
  const deposit = depositText.trim() === '' ? null : fenOfYuan(depositText);

  const setDevice = (i: number, text: string) => setDevices((old) => old.map((d, j) => (j === i ? text : d)));

  async function submit() {
    const next: typeof errors = {};
    if (!customer) next.customer = t`Choose or add the customer`;
    const good = drafts.filter((d) => d.state === 'ok');
    if (good.length === 0 || drafts.some((d) => d.state === 'bad' || d.state === 'duplicate'))
      next.devices = t`Give at least one device, each a valid SN or IMEI`;
    if (fault.trim() === '') next.fault = t`Write the fault as the customer told it`;
    if (depositText.trim() !== '' && deposit === null) next.deposit = t`Not an amount in yuan`;
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0 || !customer) return;
    const body = {
      customer_id: customer.id,
      devices: good.map((d) => ({ ident: d.value })),
      fault: fault.trim(),
      condition,
      warranty_days: warrantyDays,
      ...(technician ? { technician_id: Number(technician) } : {}),
      ...(promised ? { promised_at: dayjs(promised).endOf('day').unix() } : {}),
      ...(deposit !== null ? { deposit: { amount_fen: deposit, method } } : {}),
      ...(warranty ? { warranty_of: warranty.ticketId } : {}),
    };
    try {
      const answer = await create.mutateAsync({ ...body, request_id: requestIds.idFor(body) });
      requestIds.done();
      onClose();
      if (isQueued(answer)) return;
      notify('success', t`Ticket ${answer.no_text} opened`);
      onCreated(answer.id);
    } catch (err) {
      setFormError(actionErrorText(err));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={warranty ? t`Warranty return of ticket ${warranty.noText}` : t`New repair ticket`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack data-testid="new-ticket-form">
        <CustomerPicker value={customer} onChange={setCustomer} error={errors.customer} required />
        <Stack gap={4}>
          <Text fw={500} size="sm">
            <Trans>Devices (SN or IMEI)</Trans>
          </Text>
          {devices.map((d, i) => {
            const draft = drafts[i];
            return (
              <Group key={i} align="flex-start" wrap="nowrap">
                <TextInput
                  aria-label={t`Device ${i + 1}: SN or IMEI`}
                  value={d}
                  onChange={(e) => setDevice(i, e.currentTarget.value)}
                  style={{ flex: 1 }}
                  error={
                    draft?.state === 'bad'
                      ? i18n._(DEVICE_REASON_LABELS[draft.reason] ?? DEVICE_REASON_LABELS.bad_characters!)
                      : draft?.state === 'duplicate'
                        ? i18n._(DEVICE_REASON_LABELS.duplicate!)
                        : undefined
                  }
                  description={draft?.state === 'ok' ? (draft.model ?? t`Model not known`) : undefined}
                  data-testid="ticket-device"
                />
                {devices.length > 1 && (
                  <CloseButton
                    aria-label={t`Remove device ${i + 1}`}
                    onClick={() => setDevices((old) => old.filter((_, j) => j !== i))}
                    mt={6}
                  />
                )}
              </Group>
            );
          })}
          {errors.devices && (
            <Text c="red" size="sm" role="alert">
              {errors.devices}
            </Text>
          )}
          <Group>
            <Button
              variant="light"
              size="xs"
              disabled={devices.length >= TICKET_DEVICES_MAX}
              onClick={() => setDevices((old) => [...old, ''])}
              data-testid="ticket-add-device"
            >
              <Trans>Add a device</Trans>
            </Button>
          </Group>
        </Stack>
        <Textarea
          label={t`Fault as the customer told it`}
          value={fault}
          onChange={(e) => setFault(e.currentTarget.value)}
          maxLength={TICKET_FAULT_MAX}
          rows={3}
          withAsterisk
          error={errors.fault}
          data-testid="ticket-fault"
        />
        <Divider label={t`Condition at intake`} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {CONDITION_PARTS.map((part) => (
            <Radio.Group
              key={part}
              label={i18n._(CONDITION_PART_WORDS[part])}
              value={condition[part]}
              onChange={(v) => setCondition((old) => ({ ...old, [part]: v }))}
              data-testid={`condition-${part}`}
            >
              <Group gap="sm" mt={4}>
                {(['ok', 'damaged', 'not_checked'] as const).map((state) => (
                  <Radio key={state} value={state} label={i18n._(CONDITION_STATE_WORDS[state])} />
                ))}
              </Group>
            </Radio.Group>
          ))}
        </SimpleGrid>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t`Accessories left`}
            placeholder={t`Case, SIM tray, charger…`}
            value={condition.accessories}
            onChange={(e) => {
              const accessories = e.currentTarget.value;
              setCondition((old) => ({ ...old, accessories }));
            }}
            maxLength={100}
            style={{ flex: '1 1 240px' }}
            data-testid="condition-accessories"
          />
          <Checkbox
            label={t`Passcode given`}
            checked={condition.passcode_given}
            onChange={(e) => {
              const passcode_given = e.currentTarget.checked;
              setCondition((old) => ({ ...old, passcode_given }));
            }}
            mb={8}
            data-testid="condition-passcode"
          />
        </Group>
        <Divider label={t`Deposit and promise`} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t`Deposit (yuan, optional)`}
            value={depositText}
            onChange={(e) => setDepositText(e.currentTarget.value)}
            inputMode="decimal"
            error={errors.deposit}
            data-testid="ticket-deposit"
          />
          <Select
            label={t`Deposit paid by`}
            data={PAYMENT_METHODS.map((m) => ({ value: m, label: i18n._(PAYMENT_METHOD_WORDS[m]) }))}
            value={method}
            onChange={(v) => v && setMethod(v as PaymentMethod)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="ticket-deposit-method"
          />
          <Select
            label={t`Technician`}
            data={technicians.map((x) => ({ value: String(x.id), label: x.name }))}
            value={technician}
            onChange={setTechnician}
            clearable
            comboboxProps={{ withinPortal: true }}
            data-testid="ticket-technician"
          />
          <DatePickerInput
            label={t`Promised for`}
            valueFormat="YYYY-MM-DD"
            value={promised}
            onChange={setPromised}
            minDate={dayjs().format('YYYY-MM-DD')}
            clearable
            popoverProps={{ withinPortal: true }}
            data-testid="ticket-promised"
          />
          <NumberInput
            label={t`Repair warranty (days)`}
            value={warrantyDays}
            onChange={(v) => setWarrantyDays(typeof v === 'number' ? v : 0)}
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
        {formError && (
          <Alert color="red" role="alert" data-testid="ticket-create-error">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={() => void submit()} loading={create.isPending} data-testid="ticket-create">
            <Trans>Open the ticket</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
