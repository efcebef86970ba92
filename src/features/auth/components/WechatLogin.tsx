import { Suspense, lazy, useState } from 'react';
import { IconBrandWechat } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QrcodeDatas } from '#contract/schemas/account.ts';
import { useSequentialPolling } from '#src/lib/use-sequential-polling.ts';
import { LiteButton } from '#src/ui/lite/LiteButton.tsx';
import { MantineScope } from '#src/ui/mantine-scope.tsx';
import { pollWxLogin, startWxLogin } from '../api/auth-api.ts';
import { signedIn } from '../session.ts';

// The QR modal (Mantine's Modal and the QR code renderer) is fetched when the user asks for it, with
// Mantine itself: not part of the sign-in page's first load (decision 0025).
const WechatQrModal = lazy(() =>
  import('#src/ui/WechatQrModal.tsx').then((m) => ({ default: m.WechatQrModal })),
);

/** WeChat QR sign-in (spec section 1): show the code, poll until the phone confirms, sign in. */
export function WechatLogin({ onSignedIn }: { onSignedIn(): void }) {
  const { t } = useLingui();
  const [scene, setScene] = useState<QrcodeDatas | null>(null);
  const [state, setState] = useState<'pending' | 'scanned' | 'expired'>('pending');

  const start = async () => {
    setState('pending');
    try {
      setScene(await startWxLogin());
    } catch {
      setScene(null); // the API client has told the user why
    }
  };

  // Poll until the phone confirms or the code expires; an error ends the polling (the client toasts it).
  useSequentialPolling(
    scene !== null && state !== 'expired',
    (scene?.poll_interval ?? 2) * 1000,
    () => pollWxLogin(scene!.uniqid),
    (answer) => {
      if (answer.status === 'logged_in') {
        signedIn(answer);
        setScene(null);
        onSignedIn();
        return true;
      }
      if (answer.status === 'pending' || answer.status === 'scanned' || answer.status === 'expired')
        setState(answer.status);
      return answer.status === 'expired';
    },
    () => setScene(null),
  );

  return (
    <>
      <LiteButton
        variant="default"
        leftSection={<IconBrandWechat size={18} color="#07c160" />}
        onClick={() => void start()}
      >
        <Trans>Sign in with WeChat</Trans>
      </LiteButton>
      {scene !== null && (
        <MantineScope>
          <Suspense fallback={null}>
            <WechatQrModal
              title={t`Scan with WeChat to sign in`}
              scene={scene}
              state={state}
              onClose={() => setScene(null)}
              onNewCode={() => void start()}
            />
          </Suspense>
        </MantineScope>
      )}
    </>
  );
}
