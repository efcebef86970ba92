import { useState, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { confirmProblem, newPasswordProblem, phoneProblem, smsCodeProblem } from '#src/lib/form-rules.ts';
import { sendSmsCode, smsRetryAfter } from '#src/lib/api/sms.ts';
import { useFieldErrors } from '#src/lib/use-field-errors.ts';
import { SmsCodeField } from '#src/ui/SmsCodeField.tsx';
import { resetPassword } from '../api/auth-api.ts';
import { AuthCard } from './AuthCard.tsx';

type Field = 'phone' | 'code' | 'password' | 'again';

/** Step 2 of a reset: the code from the SMS and the new password; every old session ends. */
export function ResetPasswordPage({
  initialPhone,
  onReset,
}: {
  initialPhone: string;
  onReset(username: string): void;
}) {
  const { t, i18n } = useLingui();
  const [v, setV] = useState<Record<Field, string>>({
    phone: initialPhone,
    code: '',
    password: '',
    again: '',
  });
  const { errors, check } = useFieldErrors<Field>();
  const reset = useMutation({ mutationFn: resetPassword });
  const set = (field: Field) => (e: { currentTarget: { value: string } }) =>
    setV({ ...v, [field]: e.currentTarget.value });
  const shown = (field: Field) => (errors[field] ? i18n._(errors[field]) : undefined);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const valid = check({
      phone: phoneProblem(v.phone),
      code: smsCodeProblem(v.code),
      password: newPasswordProblem(v.password),
      again: confirmProblem(v.password, v.again),
    });
    if (!valid) return;
    reset.mutate(
      { phone: v.phone.trim(), code: v.code.trim(), new_password: v.password },
      { onSuccess: (datas) => onReset(datas.username) },
    );
  };

  return (
    <AuthCard title={<Trans>Reset password</Trans>}>
      <form onSubmit={onSubmit} noValidate data-testid="reset-form">
        <Stack gap="sm">
          <TextInput
            label={t`Phone number`}
            name="phone"
            value={v.phone}
            onChange={set('phone')}
            error={shown('phone')}
            inputMode="tel"
            maxLength={11}
            required
          />
          <SmsCodeField
            value={v.code}
            onChange={set('code')}
            error={shown('code')}
            send={() => sendSmsCode(v.phone.trim(), 'reset_password')}
            waitAfterError={smsRetryAfter}
            disabled={phoneProblem(v.phone) !== null}
            testId="send-code-reset"
          />
          <PasswordInput
            label={t`New password`}
            name="password"
            value={v.password}
            onChange={set('password')}
            error={shown('password')}
            autoComplete="new-password"
            required
          />
          <PasswordInput
            label={t`New password again`}
            name="password_again"
            value={v.again}
            onChange={set('again')}
            error={shown('again')}
            autoComplete="new-password"
            required
          />
          <Button type="submit" loading={reset.isPending}>
            <Trans>Reset password</Trans>
          </Button>
          <Anchor component={Link} to="/user/login" size="sm">
            <Trans>Back to sign in</Trans>
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
