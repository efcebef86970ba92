import { useState } from 'react';
import { Anchor, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { DashboardDeviceFilter } from '#contract/schemas/dashboards.ts';
import { TRI_STATE_NAMES } from '#src/lib/labels/device-facts.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { DEVICES_PAGE_SIZE, devicesQuery } from '../api/dashboards-api.ts';
import { facetLabel } from '../model/labels.ts';
import { LoadFailed, Loading } from './QueryStates.tsx';

/** One page of the account's checked devices matching a dashboard filter, newest first. */
export function DevicesTable({
  filter,
  page: controlledPage,
  onPage,
}: {
  filter: DashboardDeviceFilter;
  /** A page kept by the caller (in the URL); else the table keeps its own. */
  page?: number;
  onPage?(page: number): void;
}) {
  const { t, i18n } = useLingui();
  const [ownPage, setOwnPage] = useState(1);
  const page = controlledPage ?? ownPage;
  const setPage = onPage ?? setOwnPage;
  const query = useQuery(devicesQuery(filter, page));
  const rows = query.data?.list ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DEVICES_PAGE_SIZE));
  const facet = (key: string, value: string | null) => (value === null ? '—' : facetLabel(i18n, key, value));
  const tri = (value: keyof typeof TRI_STATE_NAMES) => i18n._(TRI_STATE_NAMES[value]);

  if (!query.data) {
    return query.isError ? (
      <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
    ) : (
      <Loading />
    );
  }
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" data-testid="devices-total" data-total={total}>
          <Plural value={total} one="# device" other="# devices" />
        </Text>
        <DataAsOf query={query} />
      </Group>
      <Table.ScrollContainer minWidth={1000}>
        <Table striped data-testid="devices-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t`SN / IMEI`}</Table.Th>
              <Table.Th scope="col">{t`Model`}</Table.Th>
              <Table.Th scope="col">{t`Capacity`}</Table.Th>
              <Table.Th scope="col">{t`Colour`}</Table.Th>
              <Table.Th scope="col">{t`Warranty type`}</Table.Th>
              <Table.Th scope="col">{t`Country of sale`}</Table.Th>
              <Table.Th scope="col">{t`Carrier`}</Table.Th>
              <Table.Th scope="col">{t`Activation lock`}</Table.Th>
              <Table.Th scope="col">{t`Network lock`}</Table.Th>
              <Table.Th scope="col">{t`Order`}</Table.Th>
              <Table.Th scope="col">{t`Placed`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d.device_id} data-testid="device-row" data-device-id={d.device_id}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {d.sn ?? d.imei ?? d.input}
                  </Text>
                </Table.Td>
                <Table.Td>{d.model ?? '—'}</Table.Td>
                <Table.Td>{facet('capacity', d.capacity)}</Table.Td>
                <Table.Td>{facet('colour', d.colour)}</Table.Td>
                <Table.Td>{facet('warranty_type', d.warranty_type)}</Table.Td>
                <Table.Td>{facet('sale_country', d.sale_country)}</Table.Td>
                <Table.Td>{facet('carrier', d.carrier)}</Table.Td>
                <Table.Td>{tri(d.activation_lock)}</Table.Td>
                <Table.Td>{tri(d.network_lock)}</Table.Td>
                <Table.Td>
                  <Anchor
                    size="sm"
                    renderRoot={(props) => (
                      <Link {...props} to="/app/quiry/managementDetail" search={{ order_id: d.order_id }} />
                    )}
                  >
                    {d.order_title}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(d.created_at)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={11}>
                  <Text c="dimmed" ta="center">
                    <Trans>No device matches.</Trans>
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Pagination
          value={page}
          onChange={setPage}
          total={pages}
          data-testid="devices-pages"
          aria-label={t({ message: 'Pages', context: 'pagination' })}
          getControlProps={(control) => ({
            'aria-label': control === 'next' ? t`Next page` : t`Previous page`,
          })}
        />
      )}
    </Stack>
  );
}
