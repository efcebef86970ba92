import { memo, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { INTAKE_LINES_MAX } from '#contract/values/repairs-intake.ts';
import type { IntakeRejected, RepairIntakeDatas } from '#contract/schemas/repairs-intake.ts';
import { callApi } from '#src/lib/api/client.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { localizedErrorMessage } from '#src/lib/api/error-messages.ts';
import { refusedIntakeLines } from '#src/lib/api/refused-intake-lines.ts';
import { useRequestId } from '#src/lib/use-request-id.ts';

interface RepairIntakeModalProps {
  opened: boolean;
  orderId: number;
  orderTitle: string;
  /** The selected devices' ids (of this check order). */
  deviceIds(): number[];
  count: number;
  onClose(): void;
  onDone(datas: RepairIntakeDatas): void;
}

/**
 * "Move into repair tracking": the selected devices become tracked devices of a new repair batch,
 * with their checked facts and no new paid call (repairs' intake_from_check endpoint).
 */
export const RepairIntakeModal = memo(function RepairIntakeModal(props: RepairIntakeModalProps) {
  const { t } = useLingui();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t`Close` }}
      opened={props.opened}
      onClose={props.onClose}
      title={t`Move into repair tracking`}
      centered
    >
      {props.opened && <IntakeForm {...props} />}
    </Modal>
  );
});

function IntakeForm({ orderId, orderTitle, deviceIds, count, onClose, onDone }: RepairIntakeModalProps) {
  const { t } = useLingui();
  const [title, setTitle] = useState(orderTitle.slice(0, 60));
  const [titleError, setTitleError] = useState<string | null>(null);
  const requestId = useRequestId();
  const [twice, setTwice] = useState(false);
  const [elsewhere, setElsewhere] = useState<IntakeRejected[]>([]);
  const intake = useMutation({
    mutationFn: (body: {
      check_order_id: number;
      device_ids: number[];
      batch_title: string;
      allow_tracked_elsewhere: boolean;
    }) => callApi(endpoints.repairIntakeFromCheck, { ...body, request_id: requestId.idFor(body) }),
    onMutate: () => setElsewhere([]),
    // Every device refused (REPAIR_NO_VALID_LINES): the answer lists why; those already tracked in
    // another batch are named with it, so the shop can decide to follow them twice (issue 27). The
    // mutation shows its error once this is done (react-query awaits onError first).
    onError: async (err) =>
      setElsewhere(
        err instanceof ApiError
          ? ((await refusedIntakeLines(err.datas)) ?? []).filter((r) => r.reason === 'tracked_elsewhere')
          : [],
      ),
    onSuccess: (datas) => {
      requestId.done();
      onDone(datas);
    },
  });
  const failure = intake.error instanceof ApiError ? intake.error : null;
  const tooMany = count > INTAKE_LINES_MAX;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setTitleError(t`Give the batch a title`);
    setTitleError(null);
    intake.mutate({
      check_order_id: orderId,
      device_ids: deviceIds(),
      batch_title: title.trim(),
      allow_tracked_elsewhere: twice,
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="intake-form">
      <Stack>
        <Text size="sm">
          <Trans>
            <Plural
              value={count}
              one="# device becomes a tracked device of a new repair batch, with its checked facts."
              other="# devices become tracked devices of a new repair batch, with their checked facts."
            />
          </Trans>
        </Text>
        <TextInput
          label={t`Batch title`}
          value={title}
          maxLength={60}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={titleError}
          required
        />
        {tooMany && (
          <Alert color="orange">
            <Trans>At most {INTAKE_LINES_MAX} devices at a time: narrow the selection.</Trans>
          </Alert>
        )}
        <Checkbox
          label={t`Also take devices already tracked in another batch`}
          checked={twice}
          onChange={(e) => setTwice(e.currentTarget.checked)}
          data-testid="intake-allow-elsewhere"
        />
        {failure && (
          <Alert color="red" data-testid="intake-error">
            {localizedErrorMessage(failure.errcode, failure.message, failure.datas)}
            {elsewhere.length > 0 && (
              <List size="sm" mt="xs" data-testid="intake-elsewhere">
                {elsewhere.map((r) => (
                  <List.Item key={r.line}>
                    <Trans>
                      {r.ident}: already tracked in batch “{r.detail}”
                    </Trans>
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={intake.isPending} disabled={tooMany} data-testid="intake-submit">
            <Trans>Move into repair tracking</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
