import { useState } from 'react';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOGISTICS_BADGES, type LogisticsBadge, type RepairBatchRow } from '#contract/schemas/repairs.ts';
import {
  repairIntakeOutput,
  type IntakeLine,
  type IntakeRejected,
  type RepairIntakeDatas,
} from '#contract/schemas/repairs-intake.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { isQueued } from '#src/lib/offline/outbox.ts';
import { useRequestId } from '#src/lib/use-request-id.ts';
import { BarcodeScanner } from '#src/ui/BarcodeScanner.tsx';
import { notify } from '#src/ui/notify.ts';
import { useCreateBatch, useIntake } from '../api/repairs-api.ts';
import { BADGE_LABELS, intakeReason, parseIntakeText, sheetRowsToIntakeText } from '../model.ts';

const NEW_BATCH = 'new';

interface IntakeModalProps {
  opened: boolean;
  onClose(): void;
  batches: readonly RepairBatchRow[];
  /** Preselected batch (the one the page shows). */
  batchId: number | null;
}

/**
 * Devices come in by paste (one per line: SN or IMEI, then repair ids, customer name and phone),
 * by a CSV/TXT/XLSX spreadsheet (same columns), by a barcode scanner (it types and presses Enter)
 * or by the camera (the SN/IMEI barcodes of the box label).
 * Refused lines come back from the server each with its reason.
 */
export function IntakeModal({ opened, onClose, batches, batchId }: IntakeModalProps) {
  const { t, i18n } = useLingui();
  const [target, setTarget] = useState<string>(batchId ? String(batchId) : NEW_BATCH);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [scan, setScan] = useState('');
  const [badge, setBadge] = useState<LogisticsBadge>('to_receive');
  const [errors, setErrors] = useState<{ title?: string; lines?: string; form?: string }>({});
  const [result, setResult] = useState<RepairIntakeDatas | null>(null);
  const [queued, setQueued] = useState(false);
  /** The lines of the last intake sent (a refused line's number points into them). */
  const [sent, setSent] = useState<IntakeLine[]>([]);
  const elsewhere = result?.rejected.filter((r) => r.reason === 'tracked_elsewhere') ?? [];
  const createBatch = useCreateBatch();
  const intake = useIntake();
  const draft = parseIntakeText(text);
  const requestIds = useRequestId();

  const [scanning, setScanning] = useState(false);
  const append = (more: string) =>
    setText((old) => `${old}${old && !old.endsWith('\n') ? '\n' : ''}${more}\n`);

  async function importSheet(file: File | null) {
    if (!file) return;
    // Loaded when a file is chosen: the sheet readers stay out of the page until then.
    const { SheetImportError, readSheetRows } = await import('#src/lib/sheets/read-sheet-file.ts');
    try {
      const rows = await readSheetRows(file);
      const lines = sheetRowsToIntakeText(rows);
      if (lines) append(lines);
      notify('success', t`${lines ? lines.split('\n').length : 0} lines read from ${file.name}`);
    } catch (err) {
      notify(
        'warning',
        err instanceof SheetImportError && err.kind === 'unsupported'
          ? t`Only CSV, TXT and XLSX files can be imported`
          : t`The file could not be read as a spreadsheet`,
        4000,
      );
    }
  }

  async function submit() {
    const next: typeof errors = {};
    if (target === NEW_BATCH && !title.trim()) next.title = t`Please enter a batch title`;
    if (draft.lines.length === 0) next.lines = t`Please add at least one device`;
    setErrors(next);
    if (next.title || next.lines) return;
    await send(draft.lines, false);
  }

  /** The devices of the answer tracked in another batch, taken in anyway (the shop chose to). */
  async function takeAnyway() {
    const lines = elsewhere.map((r) => sent[r.line - 1]).filter((l) => l !== undefined);
    if (lines.length > 0) await send(lines, true);
  }

  async function send(lines: IntakeLine[], allowElsewhere: boolean) {
    // The same body sent again (a lost answer) keeps its ids: one batch, one intake.
    const requestId = requestIds.idFor({ title, lines, badge, allowElsewhere });
    try {
      const id =
        target === NEW_BATCH
          ? (await createBatch.mutateAsync({ title: title.trim(), request_id: `${requestId}b` })).id
          : Number(target);
      setTarget(String(id));
      const answer = await intake.mutateAsync({
        batch_id: id,
        lines,
        badge,
        allow_tracked_elsewhere: allowElsewhere,
        request_id: requestId,
      });
      requestIds.done();
      setErrors({});
      setSent(lines);
      if (isQueued(answer)) {
        setQueued(true);
        setResult(null);
      } else {
        setQueued(false);
        setResult(answer);
      }
      // Taken in: the box empties, so a second click cannot send the same devices again (the
      // refused lines stay listed below with their reasons).
      setText('');
    } catch (err) {
      const refused = err instanceof ApiError ? rejectedOf(err.datas) : null;
      // Nothing taken in: the answer still lists every line's reason, shown as the list it names.
      setSent(refused ? lines : []);
      setResult(refused ? { batch_id: Number(target), added: 0, device_ids: [], rejected: refused } : null);
      setErrors({
        form: actionErrorText(err) ?? undefined,
      });
    }
  }

  const close = () => {
    setResult(null);
    setSent([]);
    setQueued(false);
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
        <Group grow align="flex-start">
          <Select
            label={t`Batch`}
            value={target}
            onChange={(v) => setTarget(v ?? NEW_BATCH)}
            allowDeselect={false}
            data={[
              { value: NEW_BATCH, label: t`New batch` },
              ...batches.map((b) => ({ value: String(b.id), label: b.title })),
            ]}
            data-testid="intake-batch"
          />
          {target === NEW_BATCH && (
            <TextInput
              label={t`Batch title`}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              error={errors.title}
              maxLength={60}
              required
              data-testid="intake-title"
            />
          )}
          <Select
            label={t`Badge on arrival`}
            value={badge}
            onChange={(v) => setBadge((v as LogisticsBadge | null) ?? 'to_receive')}
            allowDeselect={false}
            data={LOGISTICS_BADGES.map((b) => ({ value: b, label: i18n._(BADGE_LABELS[b]) }))}
          />
        </Group>
        <Textarea
          label={t`Devices, one per line`}
          description={t`SN or IMEI, then repair ids, customer name and phone, separated by spaces, commas or tabs`}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          rows={8}
          error={errors.lines}
          data-testid="intake-paste"
        />
        <Group align="flex-end">
          <TextInput
            label={t`Scan`}
            description={t`A barcode scanner types the code and presses Enter`}
            value={scan}
            onChange={(e) => setScan(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' || !scan.trim()) return;
              e.preventDefault();
              append(scan.trim());
              setScan('');
            }}
            data-testid="intake-scan"
          />
          <FileButton
            accept=".csv,.txt,.tsv,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(file) => void importSheet(file)}
          >
            {(props) => (
              <Button variant="default" {...props} data-testid="intake-file">
                <Trans>Import a spreadsheet (CSV, XLSX)</Trans>
              </Button>
            )}
          </FileButton>
          <Button variant="default" onClick={() => setScanning(true)} data-testid="intake-camera">
            <Trans>Scan with camera</Trans>
          </Button>
        </Group>
        <Text size="sm" data-testid="intake-count" data-count={draft.lines.length}>
          <Trans>{draft.lines.length} lines</Trans>
          {draft.badRepairIds.length > 0 && (
            <>
              {' · '}
              <Trans>{draft.badRepairIds.length} with a repair id that will be refused</Trans>
            </>
          )}
        </Text>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        {queued && (
          <Alert color="blue" data-testid="intake-queued">
            <Trans>Saved on this device: the intake will be sent when the network is back.</Trans>
          </Alert>
        )}
        {result && (
          <Stack
            gap="xs"
            data-testid="intake-result"
            data-added={result.added}
            data-rejected={result.rejected.length}
          >
            <Alert color={result.rejected.length ? 'orange' : 'teal'}>
              <Trans>
                {result.added} devices taken in, {result.rejected.length} refused
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
                    {elsewhere.length} devices are already tracked in another batch: take them in here as well
                    only if the shop follows them twice on purpose.
                  </Trans>
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => void takeAnyway()}
                  loading={intake.isPending}
                  data-testid="intake-take-anyway"
                >
                  <Trans>Take these in anyway</Trans>
                </Button>
              </Group>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            <Trans>Close</Trans>
          </Button>
          <Button
            onClick={() => void submit()}
            loading={createBatch.isPending || intake.isPending}
            data-testid="intake-submit"
          >
            <Trans>Take in</Trans>
          </Button>
        </Group>
      </Stack>
      <BarcodeScanner
        opened={scanning}
        onClose={() => setScanning(false)}
        onCodes={(codes) => append(codes.join('\n'))}
      />
    </Modal>
  );
}

/** The refused lines an error answer carries (REPAIR_NO_VALID_LINES), or null. */
function rejectedOf(datas: unknown): IntakeRejected[] | null {
  const parsed = repairIntakeOutput.shape.rejected.safeParse(
    (datas as { rejected?: unknown } | null)?.rejected,
  );
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
}
