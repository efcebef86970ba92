import { Group, Select, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { LOGISTICS_BADGES, type LogisticsBadge } from '#contract/values/repairs.ts';
import type { RepairBatchRow } from '#contract/schemas/repairs.ts';
import { BADGE_LABELS } from '../model.ts';
import { NEW_BATCH } from './use-intake-send.ts';

interface IntakeBatchFieldsProps {
  batches: readonly RepairBatchRow[];
  /** A batch id, or NEW_BATCH. */
  target: string;
  onTarget(target: string): void;
  title: string;
  onTitle(title: string): void;
  titleError?: string;
  badge: LogisticsBadge;
  onBadge(badge: LogisticsBadge): void;
}

/** Where an intake goes: an existing batch or a new one (its title), and the badge devices start with. */
export function IntakeBatchFields(props: IntakeBatchFieldsProps) {
  const { t, i18n } = useLingui();
  return (
    <Group grow align="flex-start">
      <Select
        label={t`Batch`}
        value={props.target}
        onChange={(v) => props.onTarget(v ?? NEW_BATCH)}
        allowDeselect={false}
        data={[
          { value: NEW_BATCH, label: t`New batch` },
          ...props.batches.map((b) => ({ value: String(b.id), label: b.title })),
        ]}
        data-testid="intake-batch"
      />
      {props.target === NEW_BATCH && (
        <TextInput
          label={t`Batch title`}
          value={props.title}
          onChange={(e) => props.onTitle(e.currentTarget.value)}
          error={props.titleError}
          maxLength={60}
          required
          data-testid="intake-title"
        />
      )}
      <Select
        label={t`Badge on arrival`}
        value={props.badge}
        onChange={(v) => props.onBadge((v as LogisticsBadge | null) ?? 'to_receive')}
        allowDeselect={false}
        data={LOGISTICS_BADGES.map((b) => ({ value: b, label: i18n._(BADGE_LABELS[b]) }))}
      />
    </Group>
  );
}
