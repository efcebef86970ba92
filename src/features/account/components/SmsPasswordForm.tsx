import { useState, type FormEvent } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { confirmProblem, newPasswordProblem, smsCodeProblem } from '#src/lib/form-rules.ts';
import { useEditPasswordSms } from '../api/account-api.ts';
import { useFieldErrors } from '#src/lib/use-field-errors.ts';
import { SmsCodeField } from '#src/ui/SmsCodeField.tsx';
import { sendSmsCode, smsRetryAfter, smsNotConfigured } from '#src/lib/api/sms.ts';
import { Ltr } from '#src/ui/Ltr.tsx';
import { NewPasswordFields, type NewPasswordField } from '#src/ui/NewPasswordFields.tsx';

const NO_PASSWORD: Record<NewPasswordField, string> = { password: '', again: '' };

/** Change the password with an SMS code sent to the bound phone (the server knows the number). */
export function SmsPasswordForm({ maskedPhone, rawPhone }: { maskedPhone: string; rawPhone: string }) {
  const { t, i18n } = useLingui();
  const [code, setCode] = useState('');
  const [fresh, setFresh] = useState(NO_PASSWORD);
  const { password, again } = fresh;
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
          setFresh(NO_PASSWORD);
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
          unavailable={smsNotConfigured}
          testId="send-code-edit_password"
        />
        <NewPasswordFields
          values={fresh}
          onChange={(field, value) => setFresh({ ...fresh, [field]: value })}
          errors={{ password: shown('password'), again: shown('again') }}
          labels={{ password: t`New password`, again: t`New password again` }}
        />
        <Button type="submit" loading={edit.isPending} w="fit-content">
          <Trans>Change password</Trans>
        </Button>
      </Stack>
    </form>
  );
}
