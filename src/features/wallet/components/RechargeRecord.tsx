import { useState } from 'react';
import { Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { RECHARGE_STATES, type RechargeState } from '#contract/values/recharge.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { rechargesQuery } from '../api/recharge-api.ts';
import { RECORD_PAGE_SIZE } from '../api/wallet-api.ts';
import { EmptyRow, Figure, RecordFilter, RecordPager, RecordScroll } from './RecordParts.tsx';
import { PROVIDER_NAMES, RECHARGE_STATE_COLORS, RECHARGE_STATE_NAMES } from '../model/recharge-states.ts';

/** The recharge record (/app/rechargerecord): the shop's recharge orders, newest first, by state. */
export function RechargeRecord() {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<RechargeState | null>(null);
  const recharges = useQuery(rechargesQuery(page, state));
  const rows = recharges.data?.list ?? [];
  const summary = recharges.data?.summary;
  return (
    <Stack>
      <Title order={2}>
        <Trans>Recharge record</Trans>
      </Title>
      <DataAsOf query={recharges} />
      <Group>
        <Figure
          label={<Trans>Money paid</Trans>}
          value={summary ? `¥${formatHundredths(summary.paid_amount)}` : '—'}
          testId="recharge-paid-amount"
        />
        <Figure
          label={<Trans>Points credited</Trans>}
          value={summary ? formatHundredths(summary.paid_points) : '—'}
          testId="recharge-paid-points"
        />
      </Group>
      <RecordFilter
        label={t`State`}
        allLabel={t`All orders`}
        options={RECHARGE_STATES.map((value) => ({ value, label: i18n._(RECHARGE_STATE_NAMES[value]) }))}
        value={state}
        onChange={(next) => {
          setState(next);
          setPage(1);
        }}
      />
      <Text size="sm" c="dimmed" data-testid="recharge-total">
        {recharges.data ? t`${plural(recharges.data.total, { one: '# order', other: '# orders' })}` : ''}
      </Text>
      <RecordScroll minWidth={900} label={t`Recharge record`}>
        <Table striped highlightOnHover data-testid="recharge-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t`Time`}</Table.Th>
              <Table.Th scope="col">{t`Order number`}</Table.Th>
              <Table.Th scope="col" ta="end">{t`Amount`}</Table.Th>
              <Table.Th scope="col" ta="end">{t`Points`}</Table.Th>
              <Table.Th scope="col">{t`State`}</Table.Th>
              <Table.Th scope="col">{t`Paid with`}</Table.Th>
              <Table.Th scope="col">{t`Paid at`}</Table.Th>
              <Table.Th scope="col">{t`By`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.order_no} data-testid="recharge-row" data-state={row.state}>
                <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
                <Table.Td ff="monospace">
                  {row.state === 'created' ? (
                    <Anchor
                      renderRoot={(props) => (
                        <Link {...props} to="/orderAlipay" search={{ order_no: row.order_no }} />
                      )}
                    >
                      {row.order_no}
                    </Anchor>
                  ) : (
                    row.order_no
                  )}
                </Table.Td>
                <Table.Td ta="end">¥{formatHundredths(row.amount)}</Table.Td>
                <Table.Td ta="end">{formatHundredths(row.points)}</Table.Td>
                <Table.Td>
                  <Badge color={RECHARGE_STATE_COLORS[row.state]}>
                    {i18n._(RECHARGE_STATE_NAMES[row.state])}
                  </Badge>
                </Table.Td>
                <Table.Td>{i18n._(PROVIDER_NAMES[row.provider])}</Table.Td>
                <Table.Td>{formatDateTime(row.paid_at) || '—'}</Table.Td>
                <Table.Td>{row.username}</Table.Td>
              </Table.Tr>
            ))}
            {recharges.isSuccess && rows.length === 0 && (
              <EmptyRow colSpan={8}>
                <Trans>No recharge orders yet.</Trans>
              </EmptyRow>
            )}
          </Table.Tbody>
        </Table>
      </RecordScroll>
      <RecordPager page={page} total={recharges.data?.total} pageSize={RECORD_PAGE_SIZE} onChange={setPage} />
    </Stack>
  );
}
