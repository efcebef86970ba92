import { Suspense, lazy, useState } from 'react';
import { IconBrandWechat } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import type { QrcodeDatas } from '#contract/schemas/account.ts';
import { LiteButton } from '#src/ui/lite/LiteButton.tsx';
import { MantineScope } from '#src/ui/mantine-scope.tsx';
import { startWxLogin } from '../api/auth-api.ts';

// The QR modal and its polling (WechatQrSignIn: Mantine's Modal, the QR code renderer, the polling
// loop) are fetched when the user asks for a code, with Mantine itself: not part of the sign-in
// page's first load (decision 0025).
const loadQrSignIn = () => import('./WechatQrSignIn.tsx');
const WechatQrSignIn = lazy(() => loadQrSignIn().then((m) => ({ default: m.WechatQrSignIn })));

/** WeChat QR sign-in (spec section 1): ask for a code, then the QR modal polls until the phone confirms. */
export function WechatLogin({ onSignedIn }: { onSignedIn(): void }) {
  const [scene, setScene] = useState<QrcodeDatas | null>(null);

  const start = async () => {
    // Its code is fetched while the server makes the code (React.lazy asks for it again once the
    // scene is there; a failure shows there).
    loadQrSignIn().catch(() => undefined);
    try {
      setScene(await startWxLogin());
    } catch {
      setScene(null); // the API client has told the user why
    }
  };

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
            <WechatQrSignIn
              scene={scene}
              onSignedIn={() => {
                setScene(null);
                onSignedIn();
              }}
              onClose={() => setScene(null)}
              onNewCode={() => void start()}
            />
          </Suspense>
        </MantineScope>
      )}
    </>
  );
}
