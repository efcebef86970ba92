import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '#src/lib/dates.ts';
import { surplusQuery } from '../api/wallet-api.ts';
import { packageName } from '../model/package-names.ts';
import { EmptyRow, RecordScroll } from './RecordParts.tsx';

/** What is left of the bought packages, oldest first: the order in which check orders use them. */
export function SurplusTable() {
  const { t, i18n } = useLingui();
  const surplus = useQuery(surplusQuery());
  const rows = surplus.data?.list ?? [];
  return (
    <Stack gap="xs">
      <Title order={3}>
        <Trans>Unused package checks</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>A check order uses these first, oldest package first, and points only for the rest.</Trans>
      </Text>
      <RecordScroll minWidth={600} label={t`Unused package checks`}>
        <Table striped data-testid="surplus-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t`Package`}</Table.Th>
              <Table.Th scope="col" ta="end">{t`Checks left`}</Table.Th>
              <Table.Th scope="col">{t`Bought`}</Table.Th>
              <Table.Th scope="col">{t`Lapses`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.record_id} data-testid="surplus-row">
                <Table.Td>{packageName(i18n.locale, row)}</Table.Td>
                <Table.Td ta="end">
                  {row.check_left} / {row.check_quota}
                </Table.Td>
                <Table.Td>{formatDateTime(row.bought_at)}</Table.Td>
                <Table.Td>{row.expires_at ? formatDateTime(row.expires_at) : t`Never`}</Table.Td>
              </Table.Tr>
            ))}
            {surplus.isSuccess && rows.length === 0 && (
              <EmptyRow colSpan={4}>
                <Trans>No unused package checks.</Trans>
              </EmptyRow>
            )}
          </Table.Tbody>
        </Table>
      </RecordScroll>
    </Stack>
  );
}
