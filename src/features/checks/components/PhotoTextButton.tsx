import { useState } from 'react';
import { Alert, Button, Checkbox, Code, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTextScan2 } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { extractPhotoCandidates, type PhotoCandidate } from '#contract/identifiers/photo-text.ts';
import { callApi } from '#src/lib/api/client.ts';
import { notify } from '#src/ui/notify.ts';
import { photoToDataUrl } from '../scan/photo-data-url.ts';

/**
 * "Recognise from photo": a photo of a box label, SIM tray sticker or Settings screenshot goes to
 * the server's text recognition; the SNs and IMEIs found in its text are listed, and the ones the
 * user keeps are added to the paste box.
 */
export function PhotoTextButton({ onConfirm }: { onConfirm(lines: string[]): void }) {
  const { t } = useLingui();
  const [pending, setPending] = useState(false);
  const [found, setFound] = useState<{ candidates: PhotoCandidate[]; text: string } | null>(null);
  const [kept, setKept] = useState<Set<string>>(new Set());

  const recognise = async (file: File | null) => {
    if (!file) return;
    setPending(true);
    try {
      const image = await photoToDataUrl(file);
      if (!image) {
        notify('warning', t`This file is not a photo the browser can open`, 4000);
        return;
      }
      const { content } = await callApi(endpoints.identifySnImei, { image });
      const candidates = extractPhotoCandidates(content);
      setKept(new Set(candidates.map((c) => c.value)));
      setFound({ candidates, text: content });
    } catch {
      // callApi has shown the reason (no text, not an image, too large, busy).
    } finally {
      setPending(false);
    }
  };

  const close = () => setFound(null);
  const toggle = (value: string) =>
    setKept((prev) => {
      const next = new Set(prev);
      if (next.has(value)) next.delete(value);
      else next.add(value);
      return next;
    });

  return (
    <>
      <FileButton onChange={(file) => void recognise(file)} accept="image/png,image/jpeg,image/webp,image/*">
        {(props) => (
          <Button
            {...props}
            variant="light"
            leftSection={<IconTextScan2 size={16} />}
            loading={pending}
            data-testid="recognise-photo"
          >
            <Trans>Recognise from photo</Trans>
          </Button>
        )}
      </FileButton>
      <Modal opened={found !== null} onClose={close} title={t`SN and IMEI found in the photo`} size="lg">
        {found && (
          <Stack>
            {found.candidates.length === 0 ? (
              <Alert color="orange" data-testid="photo-no-candidates">
                <Trans>
                  No SN or IMEI was found in the photo. Take it again, sharp and close to the label.
                </Trans>
              </Alert>
            ) : (
              <Stack gap="xs" data-testid="photo-candidates">
                <Text size="sm">
                  <Trans>Untick what is not right, then add the rest to the list.</Trans>
                </Text>
                {found.candidates.map((c) => (
                  <Checkbox
                    key={c.value}
                    checked={kept.has(c.value)}
                    onChange={() => toggle(c.value)}
                    label={`${c.kind === 'imei' ? 'IMEI' : 'SN'} ${c.value}`}
                    styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  />
                ))}
              </Stack>
            )}
            <details>
              <summary>
                <Trans>Recognised text</Trans>
              </summary>
              <Code block>{found.text}</Code>
            </details>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                disabled={kept.size === 0}
                onClick={() => {
                  onConfirm(found.candidates.map((c) => c.value).filter((v) => kept.has(v)));
                  close();
                }}
                data-testid="photo-confirm"
              >
                <Trans>Add to the list</Trans>
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
