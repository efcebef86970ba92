import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { PaymentMethod } from '#contract/counter/money.ts';
import type { TicketCondition } from '#contract/schemas/counter-tickets.ts';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { isQueued } from '#src/lib/offline/outbox.ts';
import { useRequestId } from '#src/lib/use-request-id.ts';
import { notify } from '#src/ui/notify.ts';
import { useCreateTicket } from '../api/tickets-api.ts';
import { fenOfYuan, readDevices } from '../ticket-model.ts';
import type { PickedCustomer } from '../model/customer-summary.ts';
import { newTicketBody } from '../model/new-ticket-body.ts';

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

export type NewTicketErrors = { customer?: string; devices?: string; fault?: string; deposit?: string };

/**
 * The new-ticket form's draft (NewTicketModal.tsx) and its submit: checked here first, then sent
 * once (request_id). Offline it waits in the outbox and the modal closes; the number comes when it lands.
 */
export function useNewTicket({
  warranty,
  onClose,
  onCreated,
}: {
  /** A warranty return (NewTicketModal's WarrantyStart): the first ticket, its customer and devices. */
  warranty: { ticketId: number; customer: PickedCustomer; devices: string[] } | undefined;
  onClose(): void;
  onCreated(id: number): void;
}) {
  const { t } = useLingui();
  const [customer, setCustomer] = useState<PickedCustomer | null>(warranty?.customer ?? null);
  const [devices, setDevices] = useState<string[]>(warranty?.devices ?? ['']);
  // The model typed for each line (same index), asked for only where the SN/IMEI does not name it.
  const [models, setModels] = useState<string[]>(() => devices.map(() => ''));
  const [fault, setFault] = useState('');
  const [condition, setCondition] = useState<TicketCondition>(EMPTY_CONDITION);
  const [depositText, setDepositText] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [technician, setTechnician] = useState<string | null>(null);
  const [promised, setPromised] = useState<string | null>(null);
  const [warrantyDays, setWarrantyDays] = useState<number>(90);
  const [errors, setErrors] = useState<NewTicketErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateTicket();
  const requestIds = useRequestId();
  const drafts = readDevices(devices);
  const deposit = depositText.trim() === '' ? null : fenOfYuan(depositText);

  async function submit() {
    const next: NewTicketErrors = {};
    if (!customer) next.customer = t`Choose or add the customer`;
    const good = drafts.filter((d) => d.state === 'ok');
    if (good.length === 0 || drafts.some((d) => d.state === 'bad' || d.state === 'duplicate'))
      next.devices = t`Give at least one device, each a valid SN or IMEI`;
    if (fault.trim() === '') next.fault = t`Write the fault as the customer told it`;
    if (depositText.trim() !== '' && deposit === null) next.deposit = t`Not an amount in yuan`;
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0 || !customer) return;
    const body = newTicketBody({
      customerId: customer.id,
      devices: drafts.flatMap((d, i) =>
        d.state === 'ok' ? [{ ident: d.value, model: d.model ? '' : (models[i] ?? '') }] : [],
      ),
      fault,
      condition,
      warrantyDays,
      technician,
      promised,
      depositFen: deposit,
      method,
      ...(warranty ? { warrantyOf: warranty.ticketId } : {}),
    });
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

  const lines = {
    editDevice: (i: number, text: string) => setDevices((old) => old.map((d, j) => (j === i ? text : d))),
    setModel: (i: number, text: string) =>
      setModels((old) => devices.map((_, j) => (j === i ? text : (old[j] ?? '')))),
    removeDevice: (i: number) => {
      setDevices((old) => old.filter((_, j) => j !== i));
      setModels((old) => old.filter((_, j) => j !== i));
    },
    addDevice: () => {
      setDevices((old) => [...old, '']);
      setModels((old) => [...old, '']);
    },
  };

  return {
    customer,
    setCustomer,
    devices,
    models,
    ...lines,
    drafts,
    fault,
    setFault,
    condition,
    setCondition,
    depositText,
    setDepositText,
    deposit,
    method,
    setMethod,
    technician,
    setTechnician,
    promised,
    setPromised,
    warrantyDays,
    setWarrantyDays,
    errors,
    formError,
    submit,
    creating: create.isPending,
  };
}

export type NewTicketState = ReturnType<typeof useNewTicket>;
