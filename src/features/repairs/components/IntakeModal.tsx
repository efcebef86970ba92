import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { LogisticsBadge, RepairBatchRow } from '#contract/schemas/repairs.ts';
import { parseIntakeText } from '../model.ts';
import { IntakeBatchFields } from './IntakeBatchFields.tsx';
import { IntakeResult } from './IntakeResult.tsx';
import { IntakeSources } from './IntakeSources.tsx';
import { NEW_BATCH, useIntakeSend, type IntakeTarget } from './use-intake-send.ts';

/**
 * The field that picks the counter's customer for an intake, given by the route (the counter's
 * picker: features do not import each other). It reports the picked customer's id, or null.
 */
export type IntakeCustomerField = (onChange: (customerId: number | null) => void) => ReactNode;

interface IntakeModalProps {
  opened: boolean;
  onClose(): void;
  batches: readonly RepairBatchRow[];
  /** Preselected batch (the one the page shows). */
  batchId: number | null;
  customerField?: IntakeCustomerField;
}

/**
 * Devices come in by paste (one per line: SN or IMEI, then repair ids, customer name and phone),
 * by a CSV/TXT/XLSX spreadsheet (same columns), by a barcode scanner (it types and presses Enter)
 * or by the camera (the SN/IMEI barcodes of the box label). A customer picked above the lines owns
 * every device (the lines' own customer fields are then not used).
 * Refused lines come back from the server each with its reason.
 */
export function IntakeModal({ opened, onClose, batches, batchId, customerField }: IntakeModalProps) {
  const { t } = useLingui();
  const [target, setTarget] = useState<string>(batchId ? String(batchId) : NEW_BATCH);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [badge, setBadge] = useState<LogisticsBadge>('to_receive');
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ title?: string; lines?: string }>({});
  const outcome = useIntakeSend((id) => setTarget(String(id)));
  const draft = parseIntakeText(text);
  const to: IntakeTarget = { target, title, badge, customerId };
  const append = (more: string) =>
    setText((old) => `${old}${old && !old.endsWith('\n') ? '\n' : ''}${more}\n`);

  async function submit() {
    const next: typeof errors = {};
    if (target === NEW_BATCH && !title.trim()) next.title = t`Please enter a batch title`;
    if (draft.lines.length === 0) next.lines = t`Please add at least one device`;
    setErrors(next);
    if (next.title || next.lines) return;
    // Taken in: the box empties, so a second click cannot send the same devices again (the
    // refused lines stay listed below with their reasons).
    if (await outcome.send(draft.lines, false, to)) setText('');
  }

  const close = () => {
    outcome.reset();
    setText('');
    setErrors({});
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t`Take devices in`}
      size="xl"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack data-testid="intake-form">
        <IntakeBatchFields
          batches={batches}
          target={target}
          onTarget={setTarget}
          title={title}
          onTitle={setTitle}
          titleError={errors.title}
          badge={badge}
          onBadge={setBadge}
        />
        {customerField && <div data-testid="intake-customer">{customerField(setCustomerId)}</div>}
        <Textarea
          label={t`Devices, one per line`}
          description={
            customerId === null
              ? t`SN or IMEI, then repair ids, customer name and phone, separated by spaces, commas or tabs`
              : t`SN or IMEI, then repair ids, separated by spaces, commas or tabs (the customer is the one picked above)`
          }
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          rows={8}
          error={errors.lines}
          data-testid="intake-paste"
        />
        <IntakeSources onAppend={append} />
        <Text size="sm" data-testid="intake-count" data-count={draft.lines.length}>
          <Plural value={draft.lines.length} one="# line" other="# lines" />
          {draft.badRepairIds.length > 0 && (
            <>
              {' · '}
              <Trans>{draft.badRepairIds.length} with a repair id that will be refused</Trans>
            </>
          )}
        </Text>
        {outcome.formError && (
          <Alert color="red" role="alert">
            {outcome.formError}
          </Alert>
        )}
        {outcome.queued && (
          <Alert color="blue" data-testid="intake-queued">
            <Trans>Saved on this device: the intake will be sent when the network is back.</Trans>
          </Alert>
        )}
        {outcome.result && (
          <IntakeResult
            result={outcome.result}
            elsewhere={outcome.elsewhere}
            onTakeAnyway={() => void outcome.takeAnyway(to)}
            sending={outcome.sending}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            <Trans>Close</Trans>
          </Button>
          <Button onClick={() => void submit()} loading={outcome.sending} data-testid="intake-submit">
            <Trans>Take in</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
