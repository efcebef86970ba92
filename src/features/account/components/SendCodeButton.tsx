import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { SmsPurpose } from '#contract/schemas/account.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { useSendSms } from '../api/account-api.ts';

/** Sends an SMS code, then counts the server's cooldown down before it can send again. */
export function SendCodeButton({
  phone,
  purpose,
  disabled,
}: {
  phone: string;
  purpose: SmsPurpose;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const send = useSendSms();
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const onClick = () =>
    send.mutate(
      { phone, purpose },
      {
        onSuccess: (datas) => setWait(datas.cooldown),
        onError: (err) => {
          const seconds =
            err instanceof ApiError
              ? (err.datas as { retry_after_seconds?: number } | null)?.retry_after_seconds
              : 0;
          if (seconds) setWait(seconds);
        },
      },
    );

  return (
    <Button
      variant="light"
      onClick={onClick}
      loading={send.isPending}
      disabled={disabled || wait > 0}
      data-testid={`send-code-${purpose}`}
    >
      {wait > 0 ? t`Resend in ${wait} s` : t`Send code`}
    </Button>
  );
}
