import {
  Anchor,
  Button,
  CopyButton,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RepairDeviceRow } from '#contract/schemas/repairs.ts';
import { useCustomerLink, useRevokeLink } from '../api/repairs-api.ts';
import type { PaperSize } from './PrintLabel.tsx';

/**
 * A tracked device's customer link (made, shown once as address and QR code, revoked) and its intake
 * label's paper. The link and the paper are the page's: the printed label shows them too.
 */
export function CustomerLinkPanel({
  device,
  ident,
  linkUrl,
  onLinkUrl,
  paper,
  onPaper,
  act,
}: {
  device: RepairDeviceRow;
  ident: string;
  linkUrl: string | null;
  onLinkUrl: (url: string | null) => void;
  paper: PaperSize;
  onPaper: (paper: PaperSize) => void;
  /** Runs an action, showing its failure on the page. */
  act: (action: () => Promise<unknown>) => Promise<void>;
}) {
  const { t } = useLingui();
  const link = useCustomerLink();
  const revoke = useRevokeLink();
  const makeLink = () =>
    act(async () => {
      const answer = await link.mutateAsync(device.id);
      onLinkUrl(new URL(answer.url_path, window.location.origin).href);
    });
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="sm">
        <Trans>Customer link</Trans>
      </Title>
      {linkUrl ? (
        <Stack align="flex-start" maw="100%" data-testid="customer-link">
          <QRCodeSVG value={linkUrl} size={160} title={t`Customer status link of ${ident}`} />
          {/* Breaks anywhere: unbroken, the long address widened the page to 1,570 px (issue 27). */}
          <Anchor
            href={linkUrl}
            target="_blank"
            rel="noreferrer"
            maw="100%"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="customer-link-url"
          >
            {linkUrl}
          </Anchor>
          <CopyButton value={linkUrl}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied ? t`Copied` : t`Copy link`}
              </Button>
            )}
          </CopyButton>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {device.link_active
            ? t`A link is active. Its address is shown only when it is made: make a new one to show it again (the old one stops).`
            : t`No link yet.`}
        </Text>
      )}
      <Group mt="sm">
        <Button size="xs" onClick={() => void makeLink()} loading={link.isPending} data-testid="make-link">
          {device.link_active ? t`Make a new link` : t`Make a customer link`}
        </Button>
        {device.link_active && (
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={revoke.isPending}
            onClick={() =>
              void act(async () => {
                await revoke.mutateAsync(device.id);
                onLinkUrl(null);
              })
            }
            data-testid="revoke-link"
          >
            <Trans>Revoke link</Trans>
          </Button>
        )}
      </Group>
      <Title order={3} size="h4" mt="lg" mb="sm">
        <Trans>Intake label</Trans>
      </Title>
      <Group>
        <SegmentedControl
          value={paper}
          onChange={(v) => onPaper(v as PaperSize)}
          data={[
            { value: 'a4', label: t`A4 receipt` },
            { value: 'thermal', label: t`80 mm label` },
          ]}
          aria-label={t`Paper`}
          data-testid="paper-size"
        />
        <Button size="xs" variant="default" onClick={() => window.print()} data-testid="print-label-button">
          <Trans>Print</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
