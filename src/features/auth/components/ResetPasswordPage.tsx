import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { confirmProblem, newPasswordProblem, phoneProblem, smsCodeProblem } from '#src/lib/form-rules.ts';
import { useFieldErrors } from '#src/lib/use-field-errors.ts';
import { NewPasswordFields } from '#src/ui/NewPasswordFields.tsx';
import { resetPassword } from '../api/auth-api.ts';
import { AuthCard } from './AuthCard.tsx';
import { PhoneCodeFields } from './PhoneCodeFields.tsx';

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
  const change = (field: Field, value: string) => setV({ ...v, [field]: value });
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
          <PhoneCodeFields
            values={v}
            onChange={change}
            errors={{ phone: shown('phone'), code: shown('code') }}
            purpose="reset_password"
            testId="send-code-reset"
          />
          <NewPasswordFields
            values={v}
            onChange={change}
            errors={{ password: shown('password'), again: shown('again') }}
            labels={{ password: t`New password`, again: t`New password again` }}
            named
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
