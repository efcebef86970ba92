import { useState } from 'react';
import { Button, FileButton, Group, TextInput } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BarcodeScanner } from '#src/ui/BarcodeScanner.tsx';
import { notify } from '#src/ui/notify.ts';
import { sheetRowsToIntakeText } from '../model.ts';

/**
 * The ways lines arrive besides the paste box: a barcode scanner (it types and presses Enter), a
 * CSV/TXT/XLSX spreadsheet, or the camera. Each appends lines to the box through `onAppend`.
 */
export function IntakeSources({ onAppend }: { onAppend(lines: string): void }) {
  const { t } = useLingui();
  const [scan, setScan] = useState('');
  const [scanning, setScanning] = useState(false);

  async function importSheet(file: File | null) {
    if (!file) return;
    // Loaded when a file is chosen: the sheet readers stay out of the page until then.
    const { SheetImportError, readSheetRows } = await import('#src/lib/sheets/read-sheet-file.ts');
    try {
      const rows = await readSheetRows(file);
      const lines = sheetRowsToIntakeText(rows);
      if (lines) onAppend(lines);
      notify(
        'success',
        t`${plural(lines ? lines.split('\n').length : 0, { one: '# line', other: '# lines' })} read from ${file.name}`,
      );
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

  return (
    <Group align="flex-end">
      <TextInput
        label={t`Scan`}
        description={t`A barcode scanner types the code and presses Enter`}
        value={scan}
        onChange={(e) => setScan(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || !scan.trim()) return;
          e.preventDefault();
          onAppend(scan.trim());
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
      <BarcodeScanner
        opened={scanning}
        onClose={() => setScanning(false)}
        onCodes={(codes) => onAppend(codes.join('\n'))}
      />
    </Group>
  );
}
