import { useState } from 'react';
import { Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PurchaseKind } from '#contract/schemas/wallet.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { RECORD_PAGE_SIZE, purchasesQuery } from '../api/wallet-api.ts';
import { inLanguage } from '../model/package-names.ts';
import { EmptyRow, RecordFilter, RecordPager, RecordScroll } from './RecordParts.tsx';

/** The shop's package purchases, newest first, paged (beside the point record). */
export function PurchaseRecord() {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<PurchaseKind | null>(null);
  const purchases = useQuery(purchasesQuery(page, kind));
  const rows = purchases.data?.list ?? [];
  return (
    <Stack>
      <DataAsOf query={purchases} />
      <RecordFilter
        label={t`What it granted`}
        allLabel={t`All purchases`}
        options={[
          { value: 'vip', label: t`VIP days` },
          { value: 'checks', label: t`Device checks` },
        ]}
        value={kind}
        onChange={(next) => {
          setKind(next);
          setPage(1);
        }}
      />
      <Text size="sm" c="dimmed" data-testid="purchase-total">
        {purchases.data ? t`${purchases.data.total} purchases` : ''}
      </Text>
      <RecordScroll minWidth={760} label={t`Purchase record`}>
        <Table striped highlightOnHover data-testid="purchase-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t`Time`}</Table.Th>
              <Table.Th scope="col">{t`Package`}</Table.Th>
              <Table.Th scope="col" ta="end">{t`Points`}</Table.Th>
              <Table.Th scope="col">{t`VIP`}</Table.Th>
              <Table.Th scope="col" ta="end">{t`Device checks`}</Table.Th>
              <Table.Th scope="col">{t`By`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="purchase-row">
                <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
                <Table.Td>
                  {inLanguage(i18n.locale, row.combo_name, row.combo_name_en, row.combo_name_es)}
                </Table.Td>
                <Table.Td ta="end">-{formatHundredths(row.points)}</Table.Td>
                <Table.Td>
                  {row.vip_days > 0
                    ? t`Level ${row.vip_level}, ${plural(row.vip_days, { one: '# day', other: '# days' })}`
                    : '—'}
                </Table.Td>
                <Table.Td ta="end">{row.check_quota || '—'}</Table.Td>
                <Table.Td>{row.username}</Table.Td>
              </Table.Tr>
            ))}
            {purchases.isSuccess && rows.length === 0 && (
              <EmptyRow colSpan={6}>
                <Trans>No purchases yet.</Trans>
              </EmptyRow>
            )}
          </Table.Tbody>
        </Table>
      </RecordScroll>
      <RecordPager page={page} total={purchases.data?.total} pageSize={RECORD_PAGE_SIZE} onChange={setPage} />
    </Stack>
  );
}
