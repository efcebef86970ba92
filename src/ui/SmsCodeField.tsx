import { useState, type ChangeEvent } from 'react';
import { Group, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { SendCodeButton, type SendCodeButtonProps } from './SendCodeButton.tsx';
import { SmsUnavailableNotice } from './SmsUnavailableNotice.tsx';

/**
 * The 6-digit SMS code input with its send button beside it (sign-up, reset, password, phone).
 * When a send is refused because the server cannot send text messages at all (`unavailable`), a
 * plain notice stays under the field until a send goes through (a sibling of the field's row, so
 * the form's own spacing applies and the row is laid out as before).
 */
export function SmsCodeField({
  value,
  onChange,
  error,
  unavailable,
  ...sendProps
}: {
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  error?: string;
  /** True for a refusal that means no code can be sent by this server (SMS not configured). */
  unavailable?(err: unknown): boolean;
} & Omit<SendCodeButtonProps, 'onError'>) {
  const { t } = useLingui();
  const [noSms, setNoSms] = useState(false);
  const send = async () => {
    const wait = await sendProps.send();
    setNoSms(false);
    return wait;
  };
  return (
    <>
      <Group align="flex-start" wrap="nowrap">
        <TextInput
          label={t`SMS code`}
          name="code"
          value={value}
          onChange={onChange}
          error={error}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          style={{ flex: 1 }}
          required
        />
        <div style={{ paddingTop: 25 }}>
          <SendCodeButton
            {...sendProps}
            send={send}
            onError={(err) => setNoSms(unavailable?.(err) ?? false)}
          />
        </div>
      </Group>
      {noSms && <SmsUnavailableNotice />}
    </>
  );
}
