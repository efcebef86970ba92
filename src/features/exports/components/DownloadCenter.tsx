import { useState } from 'react';
import { Badge, Button, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ExportRow } from '#contract/schemas/checks-export.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { notify } from '#src/ui/notify.ts';
import { useTabletLayout } from '#src/ui/use-tablet-layout.ts';
import { deleteExport, downloadExport, exportListQuery, retryExport } from '../api/exports-api.ts';
import { exportsKeys } from '../api/keys.ts';
import { formatBytes } from '../model/format.ts';
import { EXPORT_STATE_COLORS, EXPORT_STATE_NAMES } from '../model/states.ts';

/**
 * The download center (/app/downloadCenter): the shop's Excel exports with live progress
 * (`exports:progress` patches the list, app/realtime-wiring; a poll while one runs), size, creation time and expiry; download, retry and delete.
 */
export function DownloadCenter() {
  const { t, i18n } = useLingui();
  const client = useQueryClient();
  const exports = useQuery(exportListQuery());
  const [busy, setBusy] = useState<number | null>(null);
  const rows = exports.data?.list ?? [];
  // On a tablet the size and the creation time give way, so that a row's download and delete stay on
  // screen (issue 27).
  const tablet = useTabletLayout();

  const act = async (row: ExportRow, action: () => Promise<unknown>) => {
    setBusy(row.id);
    try {
      await action();
    } catch (err) {
      // callApi has told the user already; a refused download (expired link, file deleted) is said here.
      if (err instanceof ApiError && err.message) notify('warning', err.message, 4000);
    } finally {
      setBusy(null);
      void client.invalidateQueries({ queryKey: exportsKeys.list() });
    }
  };

  return (
    <Stack>
      <Title order={2}>
        <Trans>Download center</Trans>
      </Title>
      <Text c="dimmed" size="sm">
        <Trans>
          Excel exports of check orders run on the server. Start one from an order&apos;s detail; files are
          kept until their expiry time.
        </Trans>
      </Text>
      <Table.ScrollContainer
        minWidth={tablet ? 600 : 900}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t`Exports` } }}
      >
        <Table striped highlightOnHover data-testid="exports-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t`File`}</Table.Th>
              <Table.Th scope="col">{t`Status`}</Table.Th>
              <Table.Th scope="col" ta="end">{t`Rows`}</Table.Th>
              {!tablet && (
                <Table.Th scope="col" ta="end">
                  {t`Size`}
                </Table.Th>
              )}
              {!tablet && <Table.Th scope="col">{t`Created`}</Table.Th>}
              <Table.Th scope="col">{t`Expires`}</Table.Th>
              <Table.Th scope="col">{t`Actions`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={tablet ? 5 : 7}>
                  <Text c="dimmed" ta="center">
                    {exports.isPending ? t`Loading…` : t`No exports yet`}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="export-row" data-export-id={row.id} data-state={row.state}>
                <Table.Td>{row.file_name}</Table.Td>
                <Table.Td miw={160}>
                  {row.state === 'running' ? (
                    <Stack gap={4}>
                      <Progress
                        value={row.progress}
                        aria-label={t`Export progress`}
                        data-testid="export-progress"
                      />
                      <Text size="xs">{row.progress}%</Text>
                    </Stack>
                  ) : (
                    <Badge color={EXPORT_STATE_COLORS[row.state]}>
                      {i18n._(EXPORT_STATE_NAMES[row.state])}
                    </Badge>
                  )}
                  {row.state === 'failed' && row.error && (
                    <Text size="xs" c="red.9">
                      {row.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="end" data-testid="export-rows">
                  {row.rows}
                </Table.Td>
                {!tablet && <Table.Td ta="end">{formatBytes(row.size)}</Table.Td>}
                {!tablet && <Table.Td>{formatDateTime(row.created_at)}</Table.Td>}
                <Table.Td>{row.expires_at ? formatDateTime(row.expires_at) : '—'}</Table.Td>
                <Table.Td>
                  <ExportActions row={row} busy={busy === row.id} act={(action) => void act(row, action)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** What can be done with one export: download it when done, export again when failed or expired, delete. */
function ExportActions({
  row,
  busy,
  act,
}: {
  row: ExportRow;
  /** An action on this row is under way. */
  busy: boolean;
  act: (action: () => Promise<unknown>) => void;
}) {
  const { t } = useLingui();
  return (
    <Group gap={4} wrap="nowrap">
      {row.state === 'done' && (
        <Button
          size="xs"
          leftSection={<IconDownload size={14} />}
          loading={busy}
          onClick={() => act(() => downloadExport(row))}
          data-testid="export-download"
        >
          <Trans>Download</Trans>
        </Button>
      )}
      {(row.state === 'failed' || row.state === 'expired') && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          loading={busy}
          onClick={() => act(() => retryExport(row.id))}
        >
          <Trans>Export again</Trans>
        </Button>
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconTrash size={14} />}
        disabled={busy}
        onClick={() => act(() => deleteExport(row.id))}
        aria-label={t`Delete ${row.file_name}`}
      >
        <Trans>Delete</Trans>
      </Button>
    </Group>
  );
}
