import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { PAYMENT_METHODS, type PaymentMethod } from '#contract/counter/money.ts';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { usePay, useRefund, useVoid } from '../api/tickets-api.ts';
import { fenOfYuan, yuan } from '../ticket-model.ts';
import { PAYMENT_METHOD_WORDS } from '#src/lib/payment-method-words.ts';
import { MONEY_KIND_WORDS } from '../model/counter-words.ts';
import { useTicketAction } from './use-ticket-action.ts';

type Entry = { kind: 'deposit' | 'payment' | 'refund'; fen: number; method: PaymentMethod; note: string };

/** Why an amount cannot be taken or given back, before anything is sent (the server checks again). */
function amountProblem(
  ticket: TicketDetail,
  kind: Entry['kind'],
  fen: number | null,
): 'invalid' | 'due' | 'held' | null {
  if (fen === null) return 'invalid';
  if (kind === 'payment' && fen > ticket.outstanding_fen) return 'due';
  if (kind === 'refund' && fen > ticket.paid_fen - ticket.refunded_fen) return 'held';
  return null;
}

/**
 * The ticket's money: totals (due, paid, refunded, outstanding), its entries, taking a deposit or a
 * payment (cash, WeChat Pay, Alipay, card; shown and confirmed before it is recorded) and, for Admins
 * only, refunds and voids (the server refuses them to Editors too).
 */
export function TicketMoney({ ticket, admin }: { ticket: TicketDetail; admin: boolean }) {
  const { t, i18n } = useLingui();
  const pay = usePay();
  const refund = useRefund();
  const voidEntry = useVoid();
  const action = useTicketAction();
  const open = ticket.next.length > 0;
  const held = ticket.paid_fen - ticket.refunded_fen;
  const [chosenKind, setKind] = useState<Entry['kind']>(ticket.outstanding_fen > 0 ? 'payment' : 'deposit');
  const [amountText, setAmountText] = useState(
    ticket.outstanding_fen > 0 ? (ticket.outstanding_fen / 100).toFixed(2) : '',
  );
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [note, setNote] = useState('');
  const [review, setReview] = useState<Entry | null>(null);
  const [voiding, setVoiding] = useState<number | null>(null);
  const [voidNote, setVoidNote] = useState('');
  const fen = fenOfYuan(amountText);
  // What may be recorded here: a closed ticket takes no deposit or payment, an Editor no refund.
  const kinds: Entry['kind'][] = [
    ...(open ? (['deposit', 'payment'] as const) : []),
    ...(admin ? (['refund'] as const) : []),
  ];
  const kind = kinds.includes(chosenKind) ? chosenKind : (kinds[0] ?? chosenKind);
  const problem = amountText.trim() === '' ? null : amountProblem(ticket, kind, fen);
  const voided = new Set(ticket.payments.filter((p) => p.kind === 'void').map((p) => p.voids));

  const problemText =
    problem === 'invalid'
      ? t`Not an amount in yuan`
      : problem === 'due'
        ? t`More than is still due (${yuan(Math.max(0, ticket.outstanding_fen))})`
        : problem === 'held'
          ? t`More than the shop holds of the customer's money (${yuan(held)})`
          : null;

  async function confirm(entry: Entry) {
    setReview(null);
    const base = { id: ticket.id, version: ticket.version, amount_fen: entry.fen, method: entry.method };
    const ok = await action.run(
      () =>
        entry.kind === 'refund'
          ? refund.mutateAsync({ ...base, note: entry.note })
          : pay.mutateAsync({ ...base, kind: entry.kind, note: entry.note }),
      t`${i18n._(MONEY_KIND_WORDS[entry.kind])} of ${yuan(entry.fen)} recorded`,
    );
    if (ok) {
      setAmountText('');
      setNote('');
    }
  }

  async function confirmVoid(paymentId: number) {
    setVoiding(null);
    const ok = await action.run(
      () =>
        voidEntry.mutateAsync({
          id: ticket.id,
          version: ticket.version,
          payment_id: paymentId,
          note: voidNote.trim(),
        }),
      t`The entry is voided`,
    );
    if (ok) setVoidNote('');
  }

  return (
    <Stack gap="xs" data-testid="ticket-money">
      <Title order={4}>
        <Trans>Money</Trans>
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {[
          [t`Due`, ticket.due_fen, 'money-due'],
          [t`Paid`, ticket.paid_fen, 'money-paid'],
          [t`Refunded`, ticket.refunded_fen, 'money-refunded'],
          [t`Outstanding`, ticket.outstanding_fen, 'money-outstanding'],
        ].map(([label, value, id]) => (
          <Stack key={id as string} gap={0}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600} data-testid={id as string}>
              {yuan(value as number)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {ticket.payments.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table data-testid="money-entries">
            <Table.Tbody>
              {ticket.payments.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{formatDateTime(p.at, 'YYYY-MM-DD HH:mm')}</Table.Td>
                  <Table.Td>
                    {i18n._(MONEY_KIND_WORDS[p.kind])}
                    {voided.has(p.id) && (
                      <Badge ml={4} color="gray.8" size="sm">
                        {t`Voided`}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{p.kind === 'void' ? '' : i18n._(PAYMENT_METHOD_WORDS[p.method])}</Table.Td>
                  <Table.Td ta="right">{yuan(p.amount_fen)}</Table.Td>
                  <Table.Td>{p.note}</Table.Td>
                  <Table.Td>
                    {admin && (p.kind === 'deposit' || p.kind === 'payment') && !voided.has(p.id) && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setVoiding(p.id)}
                        data-testid="money-void"
                      >
                        <Trans>Void</Trans>
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {kinds.length > 0 && (
        <Group align="flex-end" wrap="wrap" gap="xs" data-testid="money-form">
          <Select
            label={t`Entry`}
            data={kinds.map((k) => ({ value: k, label: i18n._(MONEY_KIND_WORDS[k]) }))}
            value={kind}
            onChange={(v) => v && setKind(v as Entry['kind'])}
            allowDeselect={false}
            w={130}
            comboboxProps={{ withinPortal: true }}
            data-testid="money-kind"
          />
          <TextInput
            label={t({ context: 'repair ticket money', message: 'Amount (yuan)' })}
            value={amountText}
            onChange={(e) => setAmountText(e.currentTarget.value)}
            inputMode="decimal"
            error={problemText}
            w={150}
            data-testid="money-amount"
          />
          <Select
            label={t`Method`}
            data={PAYMENT_METHODS.map((m) => ({ value: m, label: i18n._(PAYMENT_METHOD_WORDS[m]) }))}
            value={method}
            onChange={(v) => v && setMethod(v as PaymentMethod)}
            allowDeselect={false}
            w={150}
            comboboxProps={{ withinPortal: true }}
            data-testid="money-method"
          />
          <TextInput
            label={kind === 'refund' ? t`Reason` : t`Note (optional)`}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={200}
            style={{ flex: '1 1 160px' }}
            data-testid="money-note"
          />
          <Button
            disabled={fen === null || problem !== null || (kind === 'refund' && note.trim() === '')}
            onClick={() => fen !== null && setReview({ kind, fen, method, note: note.trim() })}
            data-testid="money-review"
          >
            <Trans>Review</Trans>
          </Button>
        </Group>
      )}
      {action.error && (
        <Alert color="red" role="alert" data-testid="money-error">
          {action.error}
        </Alert>
      )}
      <Modal
        opened={review !== null}
        onClose={() => setReview(null)}
        title={t`Confirm the amount`}
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        {review && (
          <Stack data-testid="money-confirm-dialog">
            <Text size="lg" fw={600}>
              {i18n._(MONEY_KIND_WORDS[review.kind])}: {yuan(review.fen)} ·{' '}
              {i18n._(PAYMENT_METHOD_WORDS[review.method])}
            </Text>
            <Text size="sm">
              {review.kind === 'refund' ? (
                <Trans>The shop will then hold {yuan(held - review.fen)} of the customer's money.</Trans>
              ) : (
                <Trans>Still due after it: {yuan(Math.max(0, ticket.outstanding_fen - review.fen))}</Trans>
              )}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setReview(null)}>
                <Trans>Back</Trans>
              </Button>
              <Button
                onClick={() => void confirm(review)}
                loading={pay.isPending || refund.isPending}
                data-testid="money-confirm"
              >
                <Trans>Confirm</Trans>
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={voiding !== null}
        onClose={() => setVoiding(null)}
        title={t`Void an entry`}
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        <Stack>
          <Text size="sm">
            <Trans>A mistaken deposit or payment is cancelled whole. Say why.</Trans>
          </Text>
          <TextInput
            label={t`Reason`}
            value={voidNote}
            onChange={(e) => setVoidNote(e.currentTarget.value)}
            maxLength={200}
            data-testid="void-note"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setVoiding(null)}>
              <Trans>Back</Trans>
            </Button>
            <Button
              color="red"
              disabled={voidNote.trim() === ''}
              onClick={() => voiding !== null && void confirmVoid(voiding)}
              data-testid="void-confirm"
            >
              <Trans>Void</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
