import { useState } from 'react';
import { Button, Drawer, Group, Stack } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { TicketFilters, activeTicketFilters, type TicketFilterValues } from './TicketFilters.tsx';

/**
 * Where the tickets list's filters sit: in a row on a wide screen; on a tablet behind a button
 * (counting those set) that opens them in a drawer, so the table keeps the width.
 */
export function TicketFiltersBar({
  tablet,
  filters,
  technicians,
  onChange,
}: {
  tablet: boolean;
  filters: TicketFilterValues;
  technicians: readonly { id: number; name: string }[];
  onChange(patch: Partial<TicketFilterValues>): void;
}) {
  const { t } = useLingui();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const count = activeTicketFilters(filters);
  return (
    <Group align="flex-end">
      {tablet ? (
        <>
          <Button
            variant="default"
            leftSection={<IconFilter size={16} aria-hidden />}
            onClick={() => setFiltersOpen(true)}
            data-testid="open-ticket-filters"
          >
            {count > 0 ? <Trans>Filters ({count})</Trans> : <Trans>Filters</Trans>}
          </Button>
          <Drawer
            opened={filtersOpen}
            onClose={() => setFiltersOpen(false)}
            position="right"
            title={t`Filters`}
            closeButtonProps={{ 'aria-label': t`Close` }}
          >
            <Stack data-testid="ticket-filters-drawer">
              <TicketFilters filters={filters} technicians={technicians} onChange={onChange} />
            </Stack>
          </Drawer>
        </>
      ) : (
        <TicketFilters filters={filters} technicians={technicians} onChange={onChange} width={240} />
      )}
    </Group>
  );
}
