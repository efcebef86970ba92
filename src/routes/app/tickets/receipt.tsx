import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ReceiptPage } from '#src/features/counter/components/ReceiptPage.tsx';
import {
  RECEIPT_KINDS,
  RECEIPT_SIZES,
  type ReceiptKind,
  type ReceiptSize,
} from '#src/features/counter/model/receipt.ts';

interface ReceiptSearch {
  id?: number;
  kind: ReceiptKind;
  size: ReceiptSize;
}

/** `id` a positive integer (else dropped: the page says so); kind and size default to intake on A4. */
function parseReceiptSearch(search: Record<string, unknown>): ReceiptSearch {
  const id = Number(search.id);
  const kind = RECEIPT_KINDS.find((k) => k === search.kind) ?? 'intake';
  const size = RECEIPT_SIZES.find((s) => s === search.size) ?? 'a4';
  return Number.isSafeInteger(id) && id > 0 ? { id, kind, size } : { kind, size };
}

export const Route = createFileRoute('/app/tickets/receipt')({
  validateSearch: parseReceiptSearch,
  component: ReceiptRoute,
});

function ReceiptRoute() {
  const { id, kind, size } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <ReceiptPage
      ticketId={id}
      kind={kind}
      size={size}
      onChange={(next) =>
        void navigate({ to: '/app/tickets/receipt', search: { id, ...next }, replace: true })
      }
    />
  );
}
