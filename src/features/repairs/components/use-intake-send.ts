import { useState } from 'react';
import type { LogisticsBadge } from '#contract/values/repairs.ts';
import type { IntakeLine, RepairIntakeDatas } from '#contract/schemas/repairs-intake.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { refusedIntakeLines } from '#src/lib/api/refused-intake-lines.ts';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { isQueued } from '#src/lib/offline/outbox.ts';
import { useRequestId } from '#src/lib/use-request-id.ts';
import { useCreateBatch, useIntake } from '../api/repairs-api.ts';

export const NEW_BATCH = 'new';

/** What an intake sends besides its lines: the batch (or a new one's title), the badge, the customer. */
export interface IntakeTarget {
  target: string;
  title: string;
  badge: LogisticsBadge;
  /** The counter's customer every device belongs to, when one was picked. */
  customerId: number | null;
}

/**
 * Sends an intake (creating its batch first when asked) and keeps its outcome: the answer, the lines
 * sent (a refused line's number points into them), whether it waits in the outbox, the form error.
 */
export function useIntakeSend(onBatch: (id: number) => void) {
  const [result, setResult] = useState<RepairIntakeDatas | null>(null);
  const [queued, setQueued] = useState(false);
  const [sent, setSent] = useState<IntakeLine[]>([]);
  const [formError, setFormError] = useState<string | undefined>();
  const createBatch = useCreateBatch();
  const intake = useIntake();
  const requestIds = useRequestId();
  const elsewhere = result?.rejected.filter((r) => r.reason === 'tracked_elsewhere') ?? [];

  async function send(lines: IntakeLine[], allowElsewhere: boolean, to: IntakeTarget): Promise<boolean> {
    const { target, title, badge, customerId } = to;
    // The same body sent again (a lost answer) keeps its ids: one batch, one intake.
    const requestId = requestIds.idFor({ title, lines, badge, allowElsewhere, customerId });
    try {
      const id =
        target === NEW_BATCH
          ? (await createBatch.mutateAsync({ title: title.trim(), request_id: `${requestId}b` })).id
          : Number(target);
      onBatch(id);
      const answer = await intake.mutateAsync({
        batch_id: id,
        lines,
        badge,
        allow_tracked_elsewhere: allowElsewhere,
        ...(customerId !== null ? { customer_id: customerId } : {}),
        request_id: requestId,
      });
      requestIds.done();
      setFormError(undefined);
      setSent(lines);
      setQueued(isQueued(answer));
      setResult(isQueued(answer) ? null : answer);
      return true;
    } catch (err) {
      const refused = err instanceof ApiError ? await refusedIntakeLines(err.datas) : null;
      // Nothing taken in: the answer still lists every line's reason, shown as the list it names.
      setSent(refused ? lines : []);
      setResult(refused ? { batch_id: Number(target), added: 0, device_ids: [], rejected: refused } : null);
      setFormError(actionErrorText(err) ?? undefined);
      return false;
    }
  }

  /** The devices of the answer tracked in another batch, taken in anyway (the shop chose to). */
  async function takeAnyway(to: IntakeTarget) {
    const lines = elsewhere.map((r) => sent[r.line - 1]).filter((l) => l !== undefined);
    if (lines.length > 0) await send(lines, true, to);
  }

  function reset() {
    setResult(null);
    setSent([]);
    setQueued(false);
    setFormError(undefined);
  }

  return {
    send,
    takeAnyway,
    reset,
    result,
    queued,
    elsewhere,
    formError,
    sending: createBatch.isPending || intake.isPending,
  };
}
