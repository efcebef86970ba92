import { memo } from 'react';
import { Anchor, Button, Drawer, Group, Table } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';
import { DEVICE_COLUMNS } from '../model/device-fields.ts';
import { cellValue, useCellTexts } from './result-cells.tsx';
import { deviceHistoryHref } from './ResultsTable.tsx';

/**
 * Every field of one checked device, opened by a click on its row: the table shows the key columns
 * first and the rest past its width (issue 27), this shows them all at once, in the catalogue's order
 * (the same words and colours as the table's cells), whatever columns the user chose.
 */
export const DeviceFieldsDrawer = memo(function DeviceFieldsDrawer({
  device,
  onClose,
  onShowJobs,
}: {
  device: DeviceResultRow | null;
  onClose(): void;
  onShowJobs(device: DeviceResultRow): void;
}) {
  const { t, i18n } = useLingui();
  const texts = useCellTexts();
  const name = device ? (device.sn ?? device.imei ?? device.input) : '';
  return (
    <Drawer
      opened={device !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={name}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {device && (
        <>
          <Group mb="sm" gap="xs">
            <Button size="xs" variant="default" onClick={() => onShowJobs(device)} data-testid="drawer-jobs">
              <Trans>Jobs</Trans>
            </Button>
            <Anchor href={deviceHistoryHref(device)} size="sm">
              <Trans>Device history</Trans>
            </Anchor>
          </Group>
          <Table data-testid="device-fields" layout="fixed" verticalSpacing={6}>
            <Table.Tbody>
              {DEVICE_COLUMNS.map((column) => (
                <Table.Tr key={column.key} data-field={column.key}>
                  <Table.Th scope="row" w="40%" style={{ fontWeight: 500 }}>
                    {i18n._(column.label)}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {cellValue(column, device, texts, onShowJobs)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Drawer>
  );
});
