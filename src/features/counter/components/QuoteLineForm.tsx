import { useState } from 'react';
import { Button, Group, NumberInput, Select, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { useAddLine } from '../api/tickets-api.ts';
import { fenOfYuan } from '../ticket-model.ts';
import { LINE_KIND_WORDS } from '../model/counter-words.ts';
import type { useTicketAction } from './use-ticket-action.ts';

/**
 * Adds a part or labour line to the quote (TicketQuote.tsx): the price typed in yuan, sent in fen.
 * The quote's `action` runs the write, so its refusal shows under the whole quote.
 */
export function QuoteLineForm({
  ticket,
  action,
}: {
  ticket: TicketDetail;
  action: ReturnType<typeof useTicketAction>;
}) {
  const { t, i18n } = useLingui();
  const addLine = useAddLine();
  const [kind, setKind] = useState<'part' | 'labour'>('part');
  const [description, setDescription] = useState('');
  const [qty, setQty] = useState<number>(1);
  const [priceText, setPriceText] = useState('');
  const [priceError, setPriceError] = useState<string | null>(null);

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

  return (
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
  );
}
