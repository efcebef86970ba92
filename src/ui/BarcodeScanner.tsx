import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { cameraProblem, cameraSupported, type CameraProblem } from '#src/lib/barcode/camera-errors.ts';

const PROBLEMS: Record<CameraProblem, MessageDescriptor> = {
  unsupported: msg`This browser cannot use a camera here (the page must be opened over HTTPS). Read the barcode from a photo instead.`,
  denied: msg`Camera access was refused. Allow the camera for this site in the browser settings, or read the barcode from a photo.`,
  no_camera: msg`No camera was found on this device. Read the barcode from a photo instead.`,
  busy: msg`The camera is in use by another application. Close it and try again.`,
  failed: msg`The camera could not be started. Try again, or read the barcode from a photo.`,
};

/**
 * Scans barcodes with the camera (ZXing, all in the browser: works offline), for any screen that
 * takes identifiers (a check order's paste box, the repair intake). Every new code read is listed;
 * "Add" hands them to the caller.
 */
export function BarcodeScanner({
  opened,
  onClose,
  onCodes,
}: {
  opened: boolean;
  onClose(): void;
  onCodes(codes: string[]): void;
}) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Scan barcodes with the camera`} size="lg">
      {opened && <ScannerBody onClose={onClose} onCodes={onCodes} />}
    </Modal>
  );
}

function ScannerBody({ onClose, onCodes }: { onClose(): void; onCodes(codes: string[]): void }) {
  const { i18n } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const [problem, setProblem] = useState<CameraProblem | null>(cameraSupported() ? null : 'unsupported');

  useEffect(() => {
    if (!cameraSupported() || !video.current) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    const element = video.current;
    void (async () => {
      try {
        // Loaded on demand: the scanner's code (and ZXing) is only fetched when the camera opens.
        const { openCamera, scanFrames } = await import('#src/lib/barcode/camera-scan.ts');
        const source = await openCamera(element);
        if (cancelled) {
          source.stop();
          return;
        }
        stop = scanFrames(source, (code) =>
          setCodes((list) => (list.includes(code) ? list : [...list, code])),
        );
      } catch (err) {
        if (!cancelled) setProblem(cameraProblem(err));
      }
    })();
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  return (
    <Stack>
      {problem ? (
        <Alert color="orange" data-testid="camera-problem">
          {i18n._(PROBLEMS[problem])}
        </Alert>
      ) : (
        <video
          ref={video}
          muted
          playsInline
          data-testid="scanner-video"
          style={{ width: '100%', maxHeight: 360, background: '#000' }}
        />
      )}
      <Text size="sm" c="dimmed" aria-live="polite">
        <Trans>Codes read: {codes.length}</Trans>
      </Text>
      <Group gap={4} data-testid="scanner-codes">
        {codes.map((code) => (
          <Badge key={code} variant="light" tt="none" ff="monospace">
            {code}
          </Badge>
        ))}
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          data-testid="scanner-add"
          disabled={codes.length === 0}
          onClick={() => {
            onCodes(codes);
            onClose();
          }}
        >
          <Trans>Add to the list</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
