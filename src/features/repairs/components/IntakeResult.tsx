import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { IntakeRejected, RepairIntakeDatas } from '#contract/schemas/repairs-intake.ts';
import { intakeReason } from '../model.ts';

interface IntakeResultProps {
  result: RepairIntakeDatas;
  /** The refused lines tracked in another batch: the shop may take them in here as well. */
  elsewhere: readonly IntakeRejected[];
  onTakeAnyway(): void;
  sending: boolean;
}

/** What an intake took in and what it refused, each refused line with its reason. */
export function IntakeResult({ result, elsewhere, onTakeAnyway, sending }: IntakeResultProps) {
  const { t, i18n } = useLingui();
  return (
    <Stack
      gap="xs"
      data-testid="intake-result"
      data-added={result.added}
      data-rejected={result.rejected.length}
    >
      <Alert color={result.rejected.length ? 'orange' : 'teal'}>
        <Trans>
          <Plural value={result.added} one="# device taken in" other="# devices taken in" />,{' '}
          {result.rejected.length} refused
        </Trans>
      </Alert>
      {result.rejected.length > 0 && (
        <Table striped withTableBorder data-testid="intake-rejected">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Line`}</Table.Th>
              <Table.Th>{t`SN / IMEI`}</Table.Th>
              <Table.Th>{t`Reason`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.rejected.map((r) => {
              const reason = intakeReason(r.reason);
              return (
                <Table.Tr key={r.line} data-testid="intake-rejected-row" data-reason={r.reason}>
                  <Table.Td>{r.line}</Table.Td>
                  <Table.Td>{r.ident}</Table.Td>
                  <Table.Td>
                    {typeof reason === 'string' ? reason : i18n._(reason)}
                    {r.detail ? ` (${r.detail})` : ''}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {elsewhere.length > 0 && (
        <Group justify="space-between" data-testid="intake-elsewhere">
          <Text size="sm">
            <Trans>
              <Plural
                value={elsewhere.length}
                one="# device is already tracked in another batch: take it in here as well only if the shop follows it twice on purpose."
                other="# devices are already tracked in another batch: take them in here as well only if the shop follows them twice on purpose."
              />
            </Trans>
          </Text>
          <Button
            size="xs"
            variant="light"
            onClick={onTakeAnyway}
            loading={sending}
            data-testid="intake-take-anyway"
          >
            <Trans>Take these in anyway</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}
