import { useLingui } from '@lingui/react/macro';
import type { OrderWriteDatas } from '#contract/schemas/checks-orders.ts';
import { DUPLICATE_REASONS, rejectReason } from '../model/reject-reasons.ts';

/** The lines the server did not take when devices were sent (a new order or an addition), each with why. */
export function ServerRejects({
  answer,
  testId,
}: {
  answer: Pick<OrderWriteDatas, 'rejected' | 'duplicates'>;
  testId?: string;
}) {
  const { i18n } = useLingui();
  return (
    <ul data-testid={testId}>
      {answer.rejected.map((r) => {
        const reason = rejectReason(r.reason);
        return (
          <li key={`r${r.line}`}>
            {r.raw} — {typeof reason === 'string' ? reason : i18n._(reason)}
          </li>
        );
      })}
      {answer.duplicates.map((d) => (
        <li key={`d${d.line}`}>
          {d.raw} — {i18n._(DUPLICATE_REASONS[d.of])}
        </li>
      ))}
    </ul>
  );
}
