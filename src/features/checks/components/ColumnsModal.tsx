import { memo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { resultColumn } from '#contract/values/checks-columns.ts';
import type { ResultColumnsDatas } from '#contract/schemas/checks-columns.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { localizedErrorMessage } from '#src/lib/api/error-messages.ts';
import { useSaveColumns } from '../api/columns-api.ts';
import { choiceRows, chosenIds, moveRow, toggleRow, type ColumnChoiceRow } from '../model/column-choice.ts';

interface ColumnsModalProps {
  opened: boolean;
  columns: ResultColumnsDatas;
  onClose(): void;
}

/** Which columns the table shows and the export writes, and in what order; saved per user. */
export const ColumnsModal = memo(function ColumnsModal({ opened, columns, onClose }: ColumnsModalProps) {
  const { t } = useLingui();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t`Close` }}
      opened={opened}
      onClose={onClose}
      title={t`Columns`}
      size="lg"
      centered
    >
      {/* Mounted while open: every opening starts from the saved choice. */}
      {opened && <ColumnsForm columns={columns} onClose={onClose} />}
    </Modal>
  );
});

function ColumnsForm({ columns, onClose }: { columns: ResultColumnsDatas; onClose(): void }) {
  const { t } = useLingui();
  const [table, setTable] = useState(() => choiceRows(columns.table));
  const [exported, setExported] = useState(() => choiceRows(columns.export));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveColumns();
  const failure = save.error instanceof ApiError ? save.error : null;

  const submit = () => {
    const choice = { table: chosenIds(table), export: chosenIds(exported) };
    if (choice.table.length === 0) return setError(t`Choose at least one column to show.`);
    if (choice.export.length === 0) return setError(t`Choose at least one column to export.`);
    setError(null);
    save.mutate(choice, { onSuccess: onClose });
  };

  return (
    <Stack>
      <Tabs defaultValue="table">
        <Tabs.List>
          <Tabs.Tab value="table">
            <Trans>Shown in the table</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="export">
            <Trans>Written by the export</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="table" pt="sm">
          <ColumnList rows={table} onChange={setTable} testId="columns-table" />
        </Tabs.Panel>
        <Tabs.Panel value="export" pt="sm">
          <ColumnList rows={exported} onChange={setExported} testId="columns-export" />
        </Tabs.Panel>
      </Tabs>
      {(error || failure) && (
        <Alert color="red" data-testid="columns-error">
          {error ?? (failure && localizedErrorMessage(failure.errcode, failure.message, failure.datas))}
        </Alert>
      )}
      <Group justify="space-between">
        <Button
          variant="subtle"
          onClick={() => save.mutate('reset', { onSuccess: onClose })}
          data-testid="columns-reset"
        >
          <Trans>Reset to defaults</Trans>
        </Button>
        <Group>
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={submit} loading={save.isPending} data-testid="columns-save">
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

function ColumnList({
  rows,
  onChange,
  testId,
}: {
  rows: ColumnChoiceRow[];
  onChange(rows: ColumnChoiceRow[]): void;
  testId: string;
}) {
  const { t, i18n } = useLingui();
  return (
    <ScrollArea.Autosize mah={380} data-testid={testId}>
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          <Trans>Tick the columns; the arrows change their order.</Trans>
        </Text>
        {rows.map((row, i) => {
          const label = i18n._(resultColumn(row.id)?.label ?? { id: row.id });
          return (
            <Group key={row.id} justify="space-between" wrap="nowrap" data-column={row.id}>
              <Checkbox checked={row.on} label={label} onChange={() => onChange(toggleRow(rows, row.id))} />
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  disabled={i === 0}
                  onClick={() => onChange(moveRow(rows, row.id, -1))}
                  aria-label={t`Move ${label} up`}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  disabled={i === rows.length - 1}
                  onClick={() => onChange(moveRow(rows, row.id, 1))}
                  aria-label={t`Move ${label} down`}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Group>
            </Group>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}
