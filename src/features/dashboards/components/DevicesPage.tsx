import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { TRI_STATE_NAMES } from '#src/lib/labels/device-facts.ts';
import { FILTER_NAMES } from '../model/filter-names.ts';
import { facetLabel } from '../model/labels.ts';
import { FACET_KEYS, FLAG_KEYS, completeFilter, type DeviceFilterSearch } from '../model/search.ts';
import { DevicesTable } from './DevicesTable.tsx';
import { Empty } from './QueryStates.tsx';

/**
 * /app/dashboards/devices: the checked devices a dashboard figure counts (a warranty slice, a
 * model's capacity, its devices with an activation lock …), the filter in the URL.
 */
export function DevicesPage({
  search,
  page,
  onPage,
}: {
  search: DeviceFilterSearch;
  page: number;
  onPage(page: number): void;
}) {
  const { i18n } = useLingui();
  const filter = completeFilter(search);
  return (
    <Stack>
      <Title order={2}>
        <Trans>Checked devices</Trans>
      </Title>
      {filter ? (
        <>
          <Group gap="xs" data-testid="devices-filter">
            <Badge variant="light">
              {filter.from === filter.to ? (
                filter.from
              ) : (
                <Trans>
                  {filter.from} to {filter.to}
                </Trans>
              )}
            </Badge>
            {FACET_KEYS.map((key) =>
              filter[key]?.length ? (
                <Badge key={key} variant="light" data-testid={`devices-filter-${key}`}>
                  {i18n._(FILTER_NAMES[key])}: {filter[key].map((v) => facetLabel(i18n, key, v)).join(', ')}
                </Badge>
              ) : null,
            )}
            {FLAG_KEYS.map((key) => {
              const value = filter[key];
              return value ? (
                <Badge key={key} variant="light" data-testid={`devices-filter-${key}`}>
                  {i18n._(FILTER_NAMES[key])}: {i18n._(TRI_STATE_NAMES[value])}
                </Badge>
              ) : null;
            })}
          </Group>
          <DevicesTable filter={filter} page={page} onPage={onPage} />
        </>
      ) : (
        <Empty>
          <Text span>
            <Trans>Open this list from a figure of the dashboards: it needs the days to count.</Trans>
          </Text>
        </Empty>
      )}
    </Stack>
  );
}
