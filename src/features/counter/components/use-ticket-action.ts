import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ErrCode } from '#contract/errcodes.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { isQueued } from '#src/lib/offline/outbox.ts';
import { notify } from '#src/ui/notify.ts';

/**
 * Runs one write on a ticket and says what became of it: done, saved offline, or refused (in the
 * user's language). A stale version (someone changed the ticket meanwhile) says the ticket was
 * reloaded, which the write's hook has done (tickets-api.ts).
 */
export function useTicketAction() {
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  async function run(write: () => Promise<unknown>, done?: string): Promise<boolean> {
    setError(null);
    try {
      const answer = await write();
      if (!isQueued(answer) && done) notify('success', done);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.errcode === ErrCode.TICKET_STALE)
        setError(t`Someone changed this ticket meanwhile: it was reloaded, check it and try again.`);
      else setError(actionErrorText(err));
      return false;
    }
  }
  return { run, error, clear: () => setError(null) };
}
