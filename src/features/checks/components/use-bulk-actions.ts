import { useCallback, useEffect, useRef, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { OrderWriteDatas } from '#contract/schemas/checks-orders.ts';
import type { RepairIntakeDatas } from '#contract/schemas/repairs-intake.ts';
import { notify } from '#src/ui/notify.ts';
import { NO_SELECTION, type Selection } from '../model/selection.ts';

/**
 * The results' two bulk actions (ResultsWorkspace.tsx): copy into a new order, move into repair
 * tracking. Whether each dialog is open, and what closing or finishing it does (the selection
 * cleared, the intake's outcome told); the callbacks keep their identity, so the closed dialogs
 * skip the workspace's renders (`npm run bench:facets`).
 */
export function useBulkActions(
  setSelection: (selection: Selection) => void,
  onDerived: (datas: OrderWriteDatas) => void,
) {
  const { t } = useLingui();
  const [deriving, setDeriving] = useState(false);
  const [intaking, setIntaking] = useState(false);
  const onDerivedRef = useRef(onDerived);
  useEffect(() => {
    onDerivedRef.current = onDerived;
  }, [onDerived]);
  const closeIntake = useCallback(() => setIntaking(false), []);
  const closeDerive = useCallback(() => setDeriving(false), []);
  const intakeDone = useCallback(
    (datas: RepairIntakeDatas) => {
      setIntaking(false);
      setSelection(NO_SELECTION);
      const added = datas.added;
      const refused = datas.rejected.length;
      const elsewhere = datas.rejected.filter((r) => r.reason === 'tracked_elsewhere').length;
      notify(
        'success',
        elsewhere > 0
          ? t`${plural(added, { one: '# device moved into repair tracking', other: '# devices moved into repair tracking' })}, ${refused} refused (${elsewhere} already tracked in another batch).`
          : t`${plural(added, { one: '# device moved into repair tracking', other: '# devices moved into repair tracking' })}, ${refused} refused.`,
      );
    },
    [t, setSelection],
  );
  const derived = useCallback(
    (datas: OrderWriteDatas) => {
      setDeriving(false);
      setSelection(NO_SELECTION);
      onDerivedRef.current(datas);
    },
    [setSelection],
  );
  return { deriving, setDeriving, intaking, setIntaking, closeIntake, closeDerive, intakeDone, derived };
}
