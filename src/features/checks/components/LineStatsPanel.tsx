import { useMemo } from 'react';
import { Alert, Badge, Group, Loader, Paper, ScrollArea, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_BATCH_LINES } from '#contract/identifiers/batch.ts';
import type { LineStats } from '../model/line-stats.ts';
import { firstRejects } from '../model/reject-reasons.ts';

/** Rejected lines listed under the box; the rest are counted ("and N more"). */
const SHOWN_REJECTS = 200;

/**
 * Under the paste box (PasteBox.tsx): live counts of valid, invalid and duplicate lines, the cap on
 * lines, and every rejected line with why.
 */
export function LineStatsPanel({ stats, pending }: { stats: LineStats; pending: boolean }) {
  const { t, i18n } = useLingui();
  // Up to 100,000 rejected lines: merged in line order (both lists already are), and only the
  // ones shown are put into words.
  const rejects = useMemo(() => firstRejects(stats, SHOWN_REJECTS), [stats]);
  const rejectCount = stats.invalid.length + stats.duplicates.length;

  return (
    <>
      <Group gap="xs" aria-live="polite" data-testid="line-stats">
        <Badge color="teal.9" data-testid="stats-valid" data-count={stats.valid.length}>
          <Trans>Valid: {stats.valid.length}</Trans>
        </Badge>
        <Badge color="red.9" data-testid="stats-invalid" data-count={stats.invalid.length}>
          <Trans>Invalid: {stats.invalid.length}</Trans>
        </Badge>
        <Badge color="yellow.4" data-testid="stats-duplicates" data-count={stats.duplicates.length}>
          <Trans>Duplicates: {stats.duplicates.length}</Trans>
        </Badge>
        {pending && <Loader size="xs" aria-label={t`Checking the lines`} />}
      </Group>
      {stats.tooMany && (
        <Alert color="red">
          <Trans>
            {stats.total} lines: an order takes at most {MAX_BATCH_LINES}. Split the list into several orders.
          </Trans>
        </Alert>
      )}
      {rejectCount > 0 && (
        <Paper withBorder p="xs">
          <Text size="sm" fw={600} mb={4}>
            <Trans>Lines that will not be checked</Trans>
          </Text>
          <ScrollArea.Autosize mah={200}>
            <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="rejected-lines">
              {rejects.map((r) => (
                <li key={r.line} data-line={r.line}>
                  <Text size="sm" span ff="monospace">
                    {t`Line ${r.line}`}: {r.raw}
                  </Text>{' '}
                  <Text size="sm" span c="dimmed">
                    — {i18n._(r.reason)}
                  </Text>
                </li>
              ))}
            </ul>
            {rejectCount > SHOWN_REJECTS && (
              <Text size="sm" c="dimmed">
                <Trans>…and {rejectCount - SHOWN_REJECTS} more</Trans>
              </Text>
            )}
          </ScrollArea.Autosize>
        </Paper>
      )}
    </>
  );
}
