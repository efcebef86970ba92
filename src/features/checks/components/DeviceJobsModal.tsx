import { memo } from 'react';
import { Badge, Group, Modal, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';
import { SERVICE_NAMES } from '#src/lib/check-service-names.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { JOB_STATUS_NAMES, jobReason } from '#src/lib/labels/device-facts.ts';

const JOB_COLORS = { pending: 'gray.7', running: 'blue.8', success: 'teal.9', failed: 'red.9' } as const;

/** The jobs of one device: each service's state, who answered, and why a failed one failed. */
export const DeviceJobsModal = memo(function DeviceJobsModal({
  device,
  onClose,
}: {
  device: DeviceResultRow | null;
  onClose(): void;
}) {
  const { t, i18n } = useLingui();
  return (
    <Modal
      opened={device !== null}
      onClose={onClose}
      size="xl"
      title={device ? t`Jobs of ${device.sn ?? device.imei ?? device.input}` : ''}
    >
      {device && (
        <Table data-testid="device-jobs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t`Service`}</Table.Th>
              <Table.Th scope="col">{t`State`}</Table.Th>
              <Table.Th scope="col">{t`Attempts`}</Table.Th>
              <Table.Th scope="col">{t`Provider`}</Table.Th>
              <Table.Th scope="col">{t`Finished`}</Table.Th>
              <Table.Th scope="col">{t`Reason`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {device.jobs.map((job) => (
              <Table.Tr key={job.service} data-testid="device-job" data-status={job.status}>
                <Table.Td>{i18n._(SERVICE_NAMES[job.service])}</Table.Td>
                <Table.Td>
                  <Badge color={JOB_COLORS[job.status]}>{i18n._(JOB_STATUS_NAMES[job.status])}</Badge>
                </Table.Td>
                <Table.Td>{job.attempts}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm">{job.provider ?? '—'}</Text>
                    {job.sandbox && (
                      <Badge size="xs" color="violet.9">
                        <Trans>sandbox data</Trans>
                      </Badge>
                    )}
                    {job.reused && (
                      <Badge size="xs" color="gray.7">
                        <Trans>reused</Trans>
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{formatDateTime(job.finished_at) || '—'}</Table.Td>
                <Table.Td c={job.status === 'failed' ? 'red' : undefined}>
                  {jobReason(job.error) ?? '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
});
