import { useState } from 'react';
import { Button, FileButton, Group, Stack, Textarea } from '@mantine/core';
import { IconBarcode, IconCamera, IconFileSpreadsheet, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_BATCH_LINES } from '#contract/identifiers/batch.ts';
import { notify } from '#src/ui/notify.ts';
import { SheetImportError, readSheetRows } from '#src/lib/sheets/read-sheet-file.ts';
import { extractIdentifierCells } from '../import/extract-cells.ts';
import type { LineStats } from '../model/line-stats.ts';
import { BarcodeScanner } from '#src/ui/BarcodeScanner.tsx';
import { decodeBarcodeFromPhoto } from '#src/lib/barcode/decode-photo.ts';
import { LineStatsPanel } from './LineStatsPanel.tsx';
import { PhotoTextButton } from './PhotoTextButton.tsx';

interface PasteBoxProps {
  text: string;
  onTextChange(text: string): void;
  stats: LineStats;
  pending: boolean;
  error?: string;
}

/** Appends identifiers to the text, one per line. */
const appendLines = (text: string, lines: readonly string[]) =>
  lines.length === 0 ? text : `${text}${text && !text.endsWith('\n') ? '\n' : ''}${lines.join('\n')}\n`;

/**
 * The devices of an order: pasted text, a CSV/XLSX import, barcodes from the camera or a photo.
 * Below it, live counts of valid, invalid and duplicate lines and every rejected line with why.
 */
export function PasteBox({ text, onTextChange, stats, pending, error }: PasteBoxProps) {
  const { t } = useLingui();
  const [scanning, setScanning] = useState(false);

  const importSheet = async (file: File | null) => {
    if (!file) return;
    try {
      const cells = extractIdentifierCells(await readSheetRows(file));
      onTextChange(appendLines(text, cells));
      notify('success', t`${cells.length} cells read from ${file.name}`);
    } catch (err) {
      notify(
        'warning',
        err instanceof SheetImportError && err.kind === 'unsupported'
          ? t`Only CSV and XLSX files can be imported`
          : t`The file could not be read as a spreadsheet`,
        4000,
      );
    }
  };

  const readPhoto = async (file: File | null) => {
    if (!file) return;
    const code = await decodeBarcodeFromPhoto(file);
    if (code) onTextChange(appendLines(text, [code]));
    else notify('warning', t`No barcode could be read in this photo`, 4000);
  };

  return (
    <Stack gap="xs">
      <Textarea
        label={t`SN / IMEI list`}
        description={t`One per line, or separated by spaces, tabs or commas. At most ${MAX_BATCH_LINES} lines.`}
        value={text}
        onChange={(e) => onTextChange(e.currentTarget.value)}
        rows={8}
        spellCheck={false}
        autoComplete="off"
        error={error}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="paste-box"
      />
      <Group gap="xs">
        <FileButton
          onChange={(file) => void importSheet(file)}
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconFileSpreadsheet size={16} />}
              data-testid="import-sheet"
            >
              <Trans>Import CSV / XLSX</Trans>
            </Button>
          )}
        </FileButton>
        <Button variant="light" leftSection={<IconCamera size={16} />} onClick={() => setScanning(true)}>
          <Trans>Scan with camera</Trans>
        </Button>
        <FileButton onChange={(file) => void readPhoto(file)} accept="image/*">
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconBarcode size={16} />}>
              <Trans>Barcode from a photo</Trans>
            </Button>
          )}
        </FileButton>
        <PhotoTextButton onConfirm={(lines) => onTextChange(appendLines(text, lines))} />
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconTrash size={16} />}
          onClick={() => onTextChange('')}
          disabled={!text}
        >
          <Trans>Clear</Trans>
        </Button>
      </Group>
      <LineStatsPanel stats={stats} pending={pending} />
      <BarcodeScanner
        opened={scanning}
        onClose={() => setScanning(false)}
        onCodes={(codes) => onTextChange(appendLines(text, codes))}
      />
    </Stack>
  );
}
