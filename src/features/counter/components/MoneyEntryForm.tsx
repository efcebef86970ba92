import { Button, Group, Select, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { PAYMENT_METHODS, type PaymentMethod } from '#contract/counter/money.ts';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { PAYMENT_METHOD_WORDS } from '#src/lib/payment-method-words.ts';
import { yuan } from '../ticket-model.ts';
import { MONEY_KIND_WORDS } from '../model/counter-words.ts';
import type { EntryKind } from '../model/money-entry.ts';
import type { MoneyEntryState } from './use-money-entry.ts';

/** Types a deposit, payment or refund (TicketMoney.tsx); Review shows it for confirmation, nothing is sent yet. */
export function MoneyEntryForm({ ticket, form }: { ticket: TicketDetail; form: MoneyEntryState }) {
  const { t, i18n } = useLingui();
  const { kinds, kind, fen, problem, method, note } = form;
  const held = ticket.paid_fen - ticket.refunded_fen;
  const problemText =
    problem === 'invalid'
      ? t`Not an amount in yuan`
      : problem === 'due'
        ? t`More than is still due (${yuan(Math.max(0, ticket.outstanding_fen))})`
        : problem === 'held'
          ? t`More than the shop holds of the customer's money (${yuan(held)})`
          : null;

  return (
    <Group align="flex-end" wrap="wrap" gap="xs" data-testid="money-form">
      <Select
        label={t`Entry`}
        data={kinds.map((k) => ({ value: k, label: i18n._(MONEY_KIND_WORDS[k]) }))}
        value={kind}
        onChange={(v) => v && form.setKind(v as EntryKind)}
        allowDeselect={false}
        w={130}
        comboboxProps={{ withinPortal: true }}
        data-testid="money-kind"
      />
      <TextInput
        label={t({ context: 'repair ticket money', message: 'Amount (yuan)' })}
        value={form.amountText}
        onChange={(e) => form.setAmountText(e.currentTarget.value)}
        inputMode="decimal"
        error={problemText}
        w={150}
        data-testid="money-amount"
      />
      <Select
        label={t`Method`}
        data={PAYMENT_METHODS.map((m) => ({ value: m, label: i18n._(PAYMENT_METHOD_WORDS[m]) }))}
        value={method}
        onChange={(v) => v && form.setMethod(v as PaymentMethod)}
        allowDeselect={false}
        w={150}
        comboboxProps={{ withinPortal: true }}
        data-testid="money-method"
      />
      <TextInput
        label={kind === 'refund' ? t`Reason` : t`Note (optional)`}
        value={note}
        onChange={(e) => form.setNote(e.currentTarget.value)}
        maxLength={200}
        style={{ flex: '1 1 160px' }}
        data-testid="money-note"
      />
      <Button
        disabled={fen === null || problem !== null || (kind === 'refund' && note.trim() === '')}
        onClick={() => fen !== null && form.setReview({ kind, fen, method, note: note.trim() })}
        data-testid="money-review"
      >
        <Trans>Review</Trans>
      </Button>
    </Group>
  );
}
