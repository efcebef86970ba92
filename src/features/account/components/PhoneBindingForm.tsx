import { useState, type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { phoneProblem, smsCodeProblem } from '#src/lib/form-rules.ts';
import { useBindingPhone } from '../api/account-api.ts';
import { useFieldErrors } from '#src/lib/use-field-errors.ts';
import { SmsCodeField } from '#src/ui/SmsCodeField.tsx';
import { sendSmsCode, smsRetryAfter, smsNotConfigured } from '#src/lib/api/sms.ts';

/** Bind or replace the phone, proven by a code sent to the new number. */
export function PhoneBindingForm({ onBound }: { onBound(): void }) {
  const { t, i18n } = useLingui();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const { errors, check } = useFieldErrors<'phone' | 'code'>();
  const bind = useBindingPhone();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!check({ phone: phoneProblem(phone), code: smsCodeProblem(code) })) return;
    bind.mutate(
      { phone: phone.trim(), code: code.trim() },
      {
        onSuccess: () => {
          setPhone('');
          setCode('');
          onBound();
        },
      },
    );
  };
  const shown = (field: 'phone' | 'code') => (errors[field] ? i18n._(errors[field]) : undefined);
  return (
    <form onSubmit={onSubmit} noValidate data-testid="phone-form">
      <Stack maw={420}>
        <TextInput
          label={t`Phone number`}
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          error={shown('phone')}
          inputMode="tel"
          autoComplete="tel"
          maxLength={11}
        />
        <SmsCodeField
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={shown('code')}
          send={() => sendSmsCode(phone.trim(), 'binding_phone')}
          waitAfterError={smsRetryAfter}
          unavailable={smsNotConfigured}
          testId="send-code-binding_phone"
          disabled={phoneProblem(phone) !== null}
        />
        <Button type="submit" loading={bind.isPending} w="fit-content">
          <Trans>Bind phone</Trans>
        </Button>
      </Stack>
    </form>
  );
}
