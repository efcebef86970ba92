import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { QrcodeDatas } from '#contract/schemas/account.ts';
import { useSequentialPolling } from '#src/lib/use-sequential-polling.ts';
import { WechatQrModal } from '#src/ui/WechatQrModal.tsx';
import { pollWxLogin } from '../api/auth-api.ts';
import { signedIn } from '../session.ts';

type ScanState = 'pending' | 'scanned' | 'expired';

/**
 * The QR modal of the WeChat sign-in, polling until the phone confirms or the code expires; an error
 * ends the polling (the client toasts it). Loaded when the user asks for a code (WechatLogin.tsx).
 */
export function WechatQrSignIn({
  scene,
  onSignedIn,
  onClose,
  onNewCode,
}: {
  scene: QrcodeDatas;
  onSignedIn(): void;
  onClose(): void;
  onNewCode(): void;
}) {
  const { t } = useLingui();
  // Where the scan of this code stands: a new code starts over at 'pending'.
  const [scan, setScan] = useState<{ uniqid: string; state: ScanState } | null>(null);
  const state = scan?.uniqid === scene.uniqid ? scan.state : 'pending';

  useSequentialPolling(
    state !== 'expired',
    (scene.poll_interval ?? 2) * 1000,
    () => pollWxLogin(scene.uniqid),
    (answer) => {
      if (answer.status === 'logged_in') {
        signedIn(answer);
        onSignedIn();
        return true;
      }
      if (answer.status === 'pending' || answer.status === 'scanned' || answer.status === 'expired')
        setScan({ uniqid: scene.uniqid, state: answer.status });
      return answer.status === 'expired';
    },
    onClose,
  );

  return (
    <WechatQrModal
      title={t`Scan with WeChat to sign in`}
      scene={scene}
      state={state}
      onClose={onClose}
      onNewCode={onNewCode}
    />
  );
}
