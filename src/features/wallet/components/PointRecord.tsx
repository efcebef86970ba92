import { useState } from 'react';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LEDGER_TYPES, type LedgerType } from '#contract/values/ledger.ts';
import { SERVICE_CODES, type ServiceCode } from '#contract/values/checks-catalogue.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { SERVICE_NAMES } from '#src/lib/check-service-names.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { LEDGER_PAGE_SIZE, pointRecordQuery } from '../api/ledger-api.ts';
import { EmptyRow, Figure, RecordFilter, RecordPager, RecordScroll } from './RecordParts.tsx';
import { LEDGER_TYPE_COLORS, LEDGER_TYPE_NAMES, signedPoints } from '../ledger-model.ts';

const isServiceCode = (value: string): value is ServiceCode =>
  (SERVICE_CODES as readonly string[]).includes(value);

/** The point record (/app/pointrecord): the account's points ledger, newest first, paged, filtered by type. */
export function PointRecord() {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const [type, setType] = useState<LedgerType | null>(null);
  const ledger = useQuery(pointRecordQuery(page, type));
  const rows = ledger.data?.list ?? [];
  const refreshOf = (devices: number) =>
    t`Repair status refresh of ${plural(devices, { one: '# device', other: '# devices' })}`;
  const serviceName = (service: string | null) =>
    service === null ? '' : isServiceCode(service) ? i18n._(SERVICE_NAMES[service]) : service;

  return (
    <Stack>
      <DataAsOf query={ledger} />
      <Group>
        <Figure
          label={<Trans>Spendable points</Trans>}
          value={ledger.data ? formatHundredths(ledger.data.balance) : '—'}
          testId="ledger-balance"
        />
        <Figure
          label={<Trans>Frozen points</Trans>}
          value={ledger.data ? formatHundredths(ledger.data.frozen) : '—'}
          testId="ledger-frozen"
        />
      </Group>
      <RecordFilter
        label={t`Entry type`}
        allLabel={t`All entries`}
        options={LEDGER_TYPES.map((value) => ({ value, label: i18n._(LEDGER_TYPE_NAMES[value]) }))}
        value={type}
        onChange={(next) => {
          setType(next);
          setPage(1);
        }}
      />
      <Text size="sm" c="dimmed" data-testid="ledger-total">
        {ledger.data ? t`${ledger.data.total} entries` : ''}
      </Text>
      <RecordScroll minWidth={1040} label={t`Point record`}>
        <Table striped highlightOnHover data-testid="ledger-table" data-total={ledger.data?.total ?? ''}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t`Time`}</Table.Th>
              <Table.Th scope="col">{t`Type`}</Table.Th>
              <Table.Th scope="col" ta="end">{t`Points`}</Table.Th>
              <Table.Th scope="col" ta="end">{t`Frozen`}</Table.Th>
              <Table.Th scope="col" ta="end">{t`Balance after`}</Table.Th>
              <Table.Th scope="col" ta="end">{t`Package checks`}</Table.Th>
              <Table.Th scope="col">{t`Order`}</Table.Th>
              <Table.Th scope="col">{t`Device`}</Table.Th>
              <Table.Th scope="col">{t`Service`}</Table.Th>
              <Table.Th scope="col">{t`By`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="ledger-row" data-type={row.type}>
                <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
                <Table.Td>
                  <Badge color={LEDGER_TYPE_COLORS[row.type]}>{i18n._(LEDGER_TYPE_NAMES[row.type])}</Badge>
                </Table.Td>
                <Table.Td
                  ta="end"
                  c={row.balance_delta < 0 ? 'red' : row.balance_delta > 0 ? 'teal' : undefined}
                >
                  {signedPoints(row.balance_delta)}
                </Table.Td>
                <Table.Td ta="end">{signedPoints(row.frozen_delta)}</Table.Td>
                <Table.Td ta="end">{formatHundredths(row.balance_after)}</Table.Td>
                <Table.Td ta="end" data-testid="ledger-checks">
                  {row.checks_delta > 0 ? `+${row.checks_delta}` : row.checks_delta || '—'}
                </Table.Td>
                <Table.Td>
                  {row.refresh_devices !== null ? refreshOf(row.refresh_devices) : (row.order_title ?? '—')}
                </Table.Td>
                <Table.Td ff="monospace">{row.device ?? '—'}</Table.Td>
                <Table.Td>
                  {row.refresh_devices !== null ? t`Repair status` : serviceName(row.service) || '—'}
                </Table.Td>
                <Table.Td>{row.actor_name ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
            {ledger.isSuccess && rows.length === 0 && (
              <EmptyRow colSpan={10}>
                <Trans>No entries yet.</Trans>
              </EmptyRow>
            )}
          </Table.Tbody>
        </Table>
      </RecordScroll>
      <RecordPager page={page} total={ledger.data?.total} pageSize={LEDGER_PAGE_SIZE} onChange={setPage} />
    </Stack>
  );
}
