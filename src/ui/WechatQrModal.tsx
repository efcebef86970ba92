import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { Trans, useLingui } from '@lingui/react/macro';

export interface WechatQrScene {
  qr_content: string;
  sandbox: boolean;
}

/**
 * The WeChat QR code while a scene waits (sign-in or binding): the code, where the scan stands, a
 * new code once it expired, and in the sandbox a link to the page that plays the scanning phone.
 */
export function WechatQrModal({
  title,
  scene,
  state,
  onClose,
  onNewCode,
}: {
  title: string;
  scene: WechatQrScene | null;
  state: 'pending' | 'scanned' | 'expired';
  onClose(): void;
  onNewCode(): void;
}) {
  const { t } = useLingui();
  return (
    <Modal opened={scene !== null} onClose={onClose} title={title} centered>
      {scene && (
        <Stack align="center">
          <QRCodeSVG value={scene.qr_content} size={200} title={t`WeChat QR code`} />
          <Text size="sm" role="status" data-testid="wx-scene-state">
            {state === 'scanned'
              ? t`Scanned: confirm on the phone`
              : state === 'expired'
                ? t`The code has expired`
                : t`Waiting for the scan…`}
          </Text>
          {state === 'expired' && (
            <Button variant="light" onClick={onNewCode}>
              <Trans>New code</Trans>
            </Button>
          )}
          {scene.sandbox && (
            <Anchor
              href={scene.qr_content}
              target="_blank"
              rel="noopener"
              size="sm"
              data-testid="wx-sandbox-link"
            >
              <Trans>Sandbox: open the scan page</Trans>
            </Anchor>
          )}
        </Stack>
      )}
    </Modal>
  );
}
