import type { ChangeEvent } from 'react';
import { Group, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { SendCodeButton, type SendCodeButtonProps } from './SendCodeButton.tsx';

/** The 6-digit SMS code input with its send button beside it (sign-up, reset, password, phone). */
export function SmsCodeField({
  value,
  onChange,
  error,
  ...sendProps
}: {
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  error?: string;
} & SendCodeButtonProps) {
  const { t } = useLingui();
  return (
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
        <SendCodeButton {...sendProps} />
      </div>
    </Group>
  );
}
