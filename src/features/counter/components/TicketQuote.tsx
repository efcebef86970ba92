import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { useAddLine, useDecideQuote } from '../api/tickets-api.ts';
import { fenOfYuan, yuan } from '../ticket-model.ts';
import { LINE_KIND_WORDS } from '../model/counter-words.ts';
import { LINE_STATE_LABELS } from '../ticket-words.ts';
import { useTicketAction } from './use-ticket-action.ts';

const STATE_COLORS = { proposed: 'pink.9', approved: 'teal.9', declined: 'gray.8' } as const;

/**
 * The quote: parts and labour with quantity and unit price (typed in yuan, sent in fen), and the
 * customer's answer, line by line (ticketQuoteDecide). Prices are on screen before anything is paid.
 */
export function TicketQuote({ ticket }: { ticket: TicketDetail }) {
  const { t, i18n } = useLingui();
  const addLine = useAddLine();
  const decide = useDecideQuote();
  const action = useTicketAction();
  const [kind, setKind] = useState<'part' | 'labour'>('part');
  const [description, setDescription] = useState('');
  const [qty, setQty] = useState<number>(1);
  const [priceText, setPriceText] = useState('');
  const [priceError, setPriceError] = useState<string | null>(null);
  const proposed = ticket.lines.filter((l) => l.state === 'proposed');
  const [approved, setApproved] = useState<Set<number>>(new Set());
  const open = ticket.next.length > 0;
  const proposedTotal = proposed.reduce((s, l) => s + l.qty * l.unit_fen, 0);

  async function add() {
    // A free line (labour offered at no cost) is 0; anything else must be an amount in yuan.
    const unit = priceText.trim() === '0' ? 0 : fenOfYuan(priceText);
    setPriceError(unit === null ? t`Not an amount in yuan` : null);
    if (unit === null || description.trim() === '') return;
    const ok = await action.run(() =>
      addLine.mutateAsync({
        id: ticket.id,
        version: ticket.version,
        kind,
        description: description.trim(),
        qty,
        unit_fen: unit,
      }),
    );
    if (ok) {
      setDescription('');
      setPriceText('');
      setQty(1);
    }
  }

  async function answer() {
    const yes = proposed.filter((l) => approved.has(l.id)).map((l) => l.id);
    const no = proposed.filter((l) => !approved.has(l.id)).map((l) => l.id);
    const ok = await action.run(
      () => decide.mutateAsync({ id: ticket.id, version: ticket.version, approved: yes, declined: no }),
      t`The customer's answer is recorded`,
    );
    if (ok) setApproved(new Set());
  }

  return (
    <Stack gap="xs" data-testid="ticket-quote">
      <Title order={4}>
        <Trans>Quote</Trans>
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Approve`}</Table.Th>
              <Table.Th>{t`Line`}</Table.Th>
              <Table.Th ta="right">{t`Qty`}</Table.Th>
              <Table.Th ta="right">{t`Unit price`}</Table.Th>
              <Table.Th ta="right">{t`Total`}</Table.Th>
              <Table.Th>{t`Answer`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ticket.lines.map((l) => (
              <Table.Tr key={l.id} data-testid="quote-line">
                <Table.Td>
                  {l.state === 'proposed' && (
                    <Checkbox
                      aria-label={t`The customer approves ${l.description}`}
                      checked={approved.has(l.id)}
                      onChange={() =>
                        setApproved((old) => {
                          const next = new Set(old);
                          if (!next.delete(l.id)) next.add(l.id);
                          return next;
                        })
                      }
                      data-testid="quote-approve"
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {i18n._(LINE_KIND_WORDS[l.kind])}: {l.description}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{l.qty}</Table.Td>
                <Table.Td ta="right">{yuan(l.unit_fen)}</Table.Td>
                <Table.Td ta="right">{yuan(l.qty * l.unit_fen)}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLORS[l.state]}>{i18n._(LINE_STATE_LABELS[l.state])}</Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {ticket.lines.length === 0 && (
        <Text c="dimmed" size="sm">
          <Trans>No quote lines yet.</Trans>
        </Text>
      )}
      {proposed.length > 0 && (
        <Group justify="space-between">
          <Text size="sm">
            <Trans>
              Waiting for the customer: {proposed.length} lines, {yuan(proposedTotal)}
            </Trans>
          </Text>
          <Button onClick={() => void answer()} loading={decide.isPending} data-testid="quote-decide">
            <Trans>Record the customer's answer</Trans>
          </Button>
        </Group>
      )}
      {open && (
        <Group align="flex-end" wrap="wrap" gap="xs" data-testid="quote-add">
          <Select
            label={t`Kind`}
            data={(['part', 'labour'] as const).map((k) => ({
              value: k,
              label: i18n._(LINE_KIND_WORDS[k]),
            }))}
            value={kind}
            onChange={(v) => v && setKind(v as 'part' | 'labour')}
            allowDeselect={false}
            w={120}
            comboboxProps={{ withinPortal: true }}
            data-testid="line-kind"
          />
          <TextInput
            label={t`Description`}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            maxLength={100}
            style={{ flex: '1 1 200px' }}
            data-testid="line-description"
          />
          <NumberInput
            label={t`Qty`}
            value={qty}
            onChange={(v) => setQty(typeof v === 'number' ? v : 1)}
            min={1}
            max={99}
            allowDecimal={false}
            w={80}
            data-testid="line-qty"
          />
          <TextInput
            label={t`Unit price (yuan)`}
            value={priceText}
            onChange={(e) => setPriceText(e.currentTarget.value)}
            inputMode="decimal"
            error={priceError}
            w={140}
            data-testid="line-price"
          />
          <Button
            onClick={() => void add()}
            loading={addLine.isPending}
            disabled={description.trim() === ''}
            data-testid="line-add"
          >
            <Trans>Add to the quote</Trans>
          </Button>
        </Group>
      )}
      {action.error && (
        <Alert color="red" role="alert" data-testid="quote-error">
          {action.error}
        </Alert>
      )}
    </Stack>
  );
}
