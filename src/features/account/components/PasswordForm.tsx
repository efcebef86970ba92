import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { ErrCode } from '#contract/errcodes.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { confirmProblem, newPasswordProblem } from '#src/lib/form-rules.ts';
import { useEditPassword } from '../api/account-api.ts';
import { useFieldErrors } from '#src/lib/use-field-errors.ts';
import { NewPasswordFields, type NewPasswordField } from '#src/ui/NewPasswordFields.tsx';

const NO_PASSWORD: Record<NewPasswordField, string> = { password: '', again: '' };

/** Change the password with the old one. */
export function PasswordForm() {
  const { t, i18n } = useLingui();
  const [oldPassword, setOld] = useState('');
  const [fresh, setFresh] = useState(NO_PASSWORD);
  const { password, again } = fresh;
  const { errors, check, setError } = useFieldErrors<'old' | 'password' | 'again'>();
  const edit = useEditPassword();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const valid = check({
      old: oldPassword ? null : msg`Please enter the current password`,
      password:
        newPasswordProblem(password) ??
        (password === oldPassword ? msg`The new password must differ from the old one` : null),
      again: confirmProblem(password, again),
    });
    if (!valid) return;
    edit.mutate(
      { old_password: oldPassword, new_password: password },
      {
        onSuccess: () => {
          setOld('');
          setFresh(NO_PASSWORD);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.errcode === ErrCode.WRONG_OLD_PASSWORD)
            setError('old', msg`Wrong password`);
        },
      },
    );
  };

  const shown = (field: 'old' | 'password' | 'again') => (errors[field] ? i18n._(errors[field]) : undefined);
  return (
    <form onSubmit={onSubmit} noValidate data-testid="password-form">
      <Stack maw={420}>
        <PasswordInput
          label={t`Current password`}
          value={oldPassword}
          onChange={(e) => setOld(e.currentTarget.value)}
          error={shown('old')}
          autoComplete="current-password"
        />
        <NewPasswordFields
          values={fresh}
          onChange={(field, value) => setFresh({ ...fresh, [field]: value })}
          errors={{ password: shown('password'), again: shown('again') }}
          labels={{ password: t`New password`, again: t`New password again` }}
          description={t`8 to 64 characters, with letters and digits`}
        />
        <Button type="submit" loading={edit.isPending} w="fit-content">
          <Trans>Change password</Trans>
        </Button>
      </Stack>
    </form>
  );
}
