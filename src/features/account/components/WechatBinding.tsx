import { useState } from 'react';
import { Badge, Button, Group } from '@mantine/core';
import { WechatQrModal } from '#src/ui/WechatQrModal.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QrcodeDatas } from '#contract/schemas/account.ts';
import { useSequentialPolling } from '#src/lib/use-sequential-polling.ts';
import { pollWxScene, startWxScene, useUnbindWx } from '../api/account-api.ts';

/** Bind the signed-in user's WeChat by scanning a QR code, or unbind it. */
export function WechatBinding({ bound, onChanged }: { bound: boolean; onChanged(): void }) {
  const { t } = useLingui();
  const [scene, setScene] = useState<QrcodeDatas | null>(null);
  const [state, setState] = useState<'pending' | 'scanned' | 'expired'>('pending');
  const unbind = useUnbindWx();

  const start = async () => {
    setState('pending');
    setScene(await startWxScene('bind'));
  };

  // Poll the scene until it is bound or expired; an error ends the polling (the client toasts it).
  useSequentialPolling(
    scene !== null && state !== 'expired',
    (scene?.poll_interval ?? 2) * 1000,
    () => pollWxScene(scene!.uniqid, 'bind'),
    (answer) => {
      if (answer.status === 'bound') {
        setScene(null);
        onChanged();
        return true;
      }
      if (answer.status === 'pending' || answer.status === 'scanned' || answer.status === 'expired')
        setState(answer.status);
      return answer.status === 'expired';
    },
    () => setScene(null),
  );

  return (
    <Group>
      <Badge color={bound ? 'teal' : 'gray'} variant="light" data-testid="wx-status">
        {bound ? t`WeChat bound` : t`WeChat not bound`}
      </Badge>
      {bound ? (
        <Button
          variant="subtle"
          color="red"
          loading={unbind.isPending}
          onClick={() => unbind.mutate({}, { onSuccess: onChanged })}
        >
          <Trans>Unbind WeChat</Trans>
        </Button>
      ) : (
        <Button variant="light" onClick={() => void start()}>
          <Trans>Bind WeChat</Trans>
        </Button>
      )}
      <WechatQrModal
        title={t`Scan with WeChat to bind`}
        scene={scene}
        state={state}
        onClose={() => setScene(null)}
        onNewCode={() => void start()}
      />
    </Group>
  );
}
