import { useState } from 'react';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { EXPORT_LANGS, type ExportLang } from '#contract/values/checks-export.ts';
import { parseResultFilter, type ResultFilter } from '#contract/results-filter/filter.ts';
import { startExport } from '../api/exports-api.ts';
import { exportsKeys } from '../api/keys.ts';

/**
 * "Export to Excel" on an order's detail: starts a server export of the devices the current filter
 * shows, with the user's export columns and headers in the language on screen, and points to the
 * download center where it runs.
 */
export function ExportButton({ orderId, filter }: { orderId: number; filter: ResultFilter }) {
  const { i18n } = useLingui();
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const [started, setStarted] = useState(false);
  const lang: ExportLang = (EXPORT_LANGS as readonly string[]).includes(i18n.locale)
    ? (i18n.locale as ExportLang)
    : 'zh';

  const start = async () => {
    setPending(true);
    try {
      // Only what the contract's filter knows (a route's search may carry more).
      await startExport({ order_id: orderId, filter: parseResultFilter(filter), lang });
      void client.invalidateQueries({ queryKey: exportsKeys.list() });
      setStarted(true);
    } catch {
      // callApi has shown the reason.
    } finally {
      setPending(false);
    }
  };

  return (
    <Group gap="sm">
      {started && (
        <Text size="sm" role="status">
          <Trans>
            The export has started.{' '}
            <Anchor component={Link} to="/app/downloadCenter" data-testid="open-download-center">
              Open the download center
            </Anchor>
          </Trans>
        </Text>
      )}
      <Button
        variant="light"
        leftSection={<IconFileExport size={16} />}
        loading={pending}
        onClick={() => void start()}
        data-testid="export-excel"
      >
        <Trans>Export to Excel</Trans>
      </Button>
    </Group>
  );
}
