import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { PaymentMethod } from '#contract/counter/money.ts';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { usePay, useRefund } from '../api/tickets-api.ts';
import { fenOfYuan, yuan } from '../ticket-model.ts';
import { MONEY_KIND_WORDS } from '../model/counter-words.ts';
import {
  allowedKind,
  amountProblem,
  entryKinds,
  type EntryKind,
  type MoneyEntry,
} from '../model/money-entry.ts';
import type { useTicketAction } from './use-ticket-action.ts';

/**
 * The money form's draft (TicketMoney.tsx): kind, amount in yuan (the outstanding sum to start
 * with), method and note; the entry under review; and its confirmation, which records it through
 * the ticket's `action` and empties the amount and note once done.
 */
export function useMoneyEntry(
  ticket: TicketDetail,
  admin: boolean,
  action: ReturnType<typeof useTicketAction>,
) {
  const { t, i18n } = useLingui();
  const pay = usePay();
  const refund = useRefund();
  const [chosenKind, setKind] = useState<EntryKind>(ticket.outstanding_fen > 0 ? 'payment' : 'deposit');
  const [amountText, setAmountText] = useState(
    ticket.outstanding_fen > 0 ? (ticket.outstanding_fen / 100).toFixed(2) : '',
  );
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [note, setNote] = useState('');
  const [review, setReview] = useState<MoneyEntry | null>(null);
  const fen = fenOfYuan(amountText);
  const kinds = entryKinds(ticket.next.length > 0, admin);
  const kind = allowedKind(kinds, chosenKind);
  const problem = amountText.trim() === '' ? null : amountProblem(ticket, kind, fen);

  async function confirm(entry: MoneyEntry) {
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

  return {
    kinds,
    kind,
    setKind,
    amountText,
    setAmountText,
    fen,
    problem,
    method,
    setMethod,
    note,
    setNote,
    review,
    setReview,
    confirm,
    confirming: pay.isPending || refund.isPending,
  };
}

export type MoneyEntryState = ReturnType<typeof useMoneyEntry>;
