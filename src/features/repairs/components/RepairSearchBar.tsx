import { useState } from 'react';
import { Button, Drawer, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RepairBatchRow } from '#contract/schemas/repairs.ts';
import { useTabletLayout } from '#src/ui/use-tablet-layout.ts';
import type { DeviceFilters } from '../model.ts';
import { RepairFilters, activeFilterCount } from './RepairFilters.tsx';

/**
 * The device list's search and filters: inline on a wide screen; on a tablet the batch as a select
 * and the filters in a drawer.
 */
export function RepairSearchBar({
  keyword,
  onKeyword,
  filters,
  onFilters,
  batches,
}: {
  keyword: string;
  onKeyword: (keyword: string) => void;
  filters: DeviceFilters;
  onFilters: (patch: Partial<DeviceFilters>) => void;
  batches: readonly RepairBatchRow[];
}) {
  const { t } = useLingui();
  const tablet = useTabletLayout();
  const [filtersOpen, setFiltersOpen] = useState(false);
  return (
    <Group align="flex-end">
      <TextInput
        label={t`Search`}
        placeholder={t`SN, IMEI, repair id, customer name or phone`}
        value={keyword}
        onChange={(e) => onKeyword(e.currentTarget.value)}
        w={tablet ? undefined : 280}
        style={tablet ? { flex: '1 1 200px', minWidth: 0 } : undefined}
        data-testid="repair-search"
      />
      {tablet ? (
        <>
          <Select
            label={t`Batch`}
            data={[
              { value: '', label: t`All batches` },
              ...batches.map((b) => ({ value: String(b.id), label: b.title })),
            ]}
            value={filters.batchId === null ? '' : String(filters.batchId)}
            onChange={(v) => onFilters({ batchId: v ? Number(v) : null })}
            allowDeselect={false}
            w={200}
            data-testid="batch-select"
          />
          <Button
            variant="default"
            leftSection={<IconFilter size={16} aria-hidden />}
            onClick={() => setFiltersOpen(true)}
            data-testid="open-filters"
          >
            {activeFilterCount(filters) > 0 ? (
              <Trans>Filters ({activeFilterCount(filters)})</Trans>
            ) : (
              <Trans>Filters</Trans>
            )}
          </Button>
          <Drawer
            opened={filtersOpen}
            onClose={() => setFiltersOpen(false)}
            position="right"
            title={t`Filters`}
            closeButtonProps={{ 'aria-label': t`Close` }}
          >
            <Stack data-testid="filters-drawer">
              <RepairFilters filters={filters} onChange={onFilters} />
            </Stack>
          </Drawer>
        </>
      ) : (
        <RepairFilters filters={filters} onChange={onFilters} width={220} />
      )}
    </Group>
  );
}
