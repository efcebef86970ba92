import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { confirmProblem, newPasswordProblem, smsCodeProblem } from '#src/lib/form-rules.ts';
import { useEditPasswordSms } from '../api/account-api.ts';
import { useFieldErrors } from '#src/lib/use-field-errors.ts';
import { SmsCodeField } from '#src/ui/SmsCodeField.tsx';
import { sendSmsCode, smsRetryAfter } from '#src/lib/api/sms.ts';
import { Ltr } from '#src/ui/Ltr.tsx';

/** Change the password with an SMS code sent to the bound phone (the server knows the number). */
export function SmsPasswordForm({ maskedPhone, rawPhone }: { maskedPhone: string; rawPhone: string }) {
  const { t, i18n } = useLingui();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const { errors, check } = useFieldErrors<'code' | 'password' | 'again'>();
  const edit = useEditPasswordSms();

  if (!maskedPhone) {
    return (
      <Text c="dimmed">
        <Trans>Bind a phone first to change the password by SMS.</Trans>
      </Text>
    );
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (
      !check({
        code: smsCodeProblem(code),
        password: newPasswordProblem(password),
        again: confirmProblem(password, again),
      })
    )
      return;
    edit.mutate(
      { code: code.trim(), new_password: password },
      {
        onSuccess: () => {
          setCode('');
          setPassword('');
          setAgain('');
        },
      },
    );
  };
  const shown = (field: 'code' | 'password' | 'again') => (errors[field] ? i18n._(errors[field]) : undefined);
  return (
    <form onSubmit={onSubmit} noValidate data-testid="sms-password-form">
      <Stack maw={420}>
        <Text size="sm">
          <Trans>
            A code will be sent to <Ltr>{maskedPhone}</Ltr>.
          </Trans>
        </Text>
        <SmsCodeField
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={shown('code')}
          send={() => sendSmsCode(rawPhone, 'edit_password')}
          waitAfterError={smsRetryAfter}
          testId="send-code-edit_password"
        />
        <PasswordInput
          label={t`New password`}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={shown('password')}
          autoComplete="new-password"
        />
        <PasswordInput
          label={t`New password again`}
          value={again}
          onChange={(e) => setAgain(e.currentTarget.value)}
          error={shown('again')}
          autoComplete="new-password"
        />
        <Button type="submit" loading={edit.isPending} w="fit-content">
          <Trans>Change password</Trans>
        </Button>
      </Stack>
    </form>
  );
}
