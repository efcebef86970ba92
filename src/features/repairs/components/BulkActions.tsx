import { useState } from 'react';
import { Alert, Button, Group, Select, Text } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BADGE_MOVES, LOGISTICS_BADGES, type LogisticsBadge } from '#contract/values/repairs.ts';
import type { RepairDeviceRow } from '#contract/schemas/repairs.ts';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { isQueued } from '#src/lib/offline/outbox.ts';
import { notify } from '#src/ui/notify.ts';
import { useBadgeChange, useRefresh, useWatch } from '../api/repairs-api.ts';
import { BADGE_LABELS } from '../model.ts';
import { RefreshButton } from './RefreshButton.tsx';

/**
 * What the device list does to the selected devices on its page: refresh, watch, stop watching,
 * move to a badge; each success is a toast, a refusal an alert under the buttons.
 */
export function BulkActions({
  selectedRows,
  total,
}: {
  /** The selected devices on the page shown. */
  selectedRows: readonly RepairDeviceRow[];
  total: number;
}) {
  const { t, i18n } = useLingui();
  const [badgeTarget, setBadgeTarget] = useState<LogisticsBadge | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const refresh = useRefresh();
  const watch = useWatch(true);
  const unwatch = useWatch(false);
  const badgeChange = useBadgeChange();
  const visibleSelected = selectedRows.map((r) => r.id);

  async function run(action: () => Promise<string | null>) {
    setActionError(null);
    try {
      const message = await action();
      if (message) notify('success', message);
    } catch (err) {
      setActionError(actionErrorText(err));
    }
  }

  const onRefresh = () =>
    run(async () => {
      const a = await refresh.mutateAsync({ device_ids: visibleSelected });
      const frozen = formatHundredths(a.frozen);
      return t`${plural(a.queued, { one: '# device queued for refresh', other: '# devices queued for refresh' })} (${frozen} points frozen), ${a.skipped} already refreshing`;
    });
  const onWatch = (on: boolean) =>
    run(async () => {
      const q = await (on ? watch : unwatch).mutateAsync({ device_ids: visibleSelected });
      return t`Watching ${q.used} of ${plural(q.cap, { one: '# device', other: '# devices' })}`;
    });
  const onBadge = () =>
    run(async () => {
      if (!badgeTarget) return null;
      const a = await badgeChange.mutateAsync({ device_ids: visibleSelected, badge: badgeTarget });
      if (isQueued(a)) return null;
      const refused = a.refused.length;
      return t`${plural(a.changed, { one: '# device moved', other: '# devices moved' })}, ${refused} cannot move to that badge`;
    });

  // Badges every selected device may move to (contract BADGE_MOVES), so a bulk change is possible.
  const badgeOptions = LOGISTICS_BADGES.filter(
    (b) => selectedRows.length > 0 && selectedRows.some((r) => BADGE_MOVES[r.badge].includes(b)),
  );

  return (
    <>
      <Group>
        <Text size="sm" data-testid="selected-count" data-count={visibleSelected.length}>
          <Trans>
            {visibleSelected.length} selected of {total}
          </Trans>
        </Text>
        <RefreshButton
          size="xs"
          count={visibleSelected.length}
          loading={refresh.isPending}
          onConfirm={() => void onRefresh()}
          testId="bulk-refresh"
        />
        <Button
          size="xs"
          variant="light"
          disabled={visibleSelected.length === 0}
          loading={watch.isPending}
          onClick={() => void onWatch(true)}
          data-testid="bulk-watch"
        >
          <Trans>Watch</Trans>
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={visibleSelected.length === 0}
          loading={unwatch.isPending}
          onClick={() => void onWatch(false)}
          data-testid="bulk-unwatch"
        >
          <Trans>Stop watching</Trans>
        </Button>
        <Select
          size="xs"
          aria-label={t`Move to badge`}
          placeholder={t`Move to badge`}
          data={badgeOptions.map((b) => ({ value: b, label: i18n._(BADGE_LABELS[b]) }))}
          value={badgeTarget}
          onChange={(v) => setBadgeTarget(v as LogisticsBadge | null)}
          disabled={visibleSelected.length === 0}
          w={180}
          data-testid="bulk-badge"
        />
        <Button
          size="xs"
          variant="light"
          disabled={visibleSelected.length === 0 || !badgeTarget}
          loading={badgeChange.isPending}
          onClick={() => void onBadge()}
          data-testid="bulk-badge-apply"
        >
          <Trans>Change badge</Trans>
        </Button>
      </Group>
      {actionError && (
        <Alert color="red" role="alert" data-testid="bulk-error">
          {actionError}
        </Alert>
      )}
    </>
  );
}
