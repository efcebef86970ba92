import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

export interface SendCodeButtonProps {
  /** Sends the code; answers the seconds before another may be sent. Throws when refused. */
  send(): Promise<number>;
  /** The seconds to wait when a refusal says so (rate limit). */
  waitAfterError?(err: unknown): number;
  /** Called with every refusal (the field around the button shows what it means). */
  onError?(err: unknown): void;
  disabled?: boolean;
  testId?: string;
}

/** Sends an SMS code, then counts the cooldown down before it can send again. */
export function SendCodeButton({ send, waitAfterError, onError, disabled, testId }: SendCodeButtonProps) {
  const { t } = useLingui();
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const onClick = async () => {
    setSending(true);
    try {
      setWait(await send());
    } catch (err) {
      setWait(waitAfterError?.(err) ?? 0);
      onError?.(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      variant="light"
      onClick={() => void onClick()}
      loading={sending}
      disabled={disabled || wait > 0}
      data-testid={testId}
    >
      {wait > 0 ? t`Resend in ${wait} s` : t`Send code`}
    </Button>
  );
}
