import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  confirmProblem,
  emailProblem,
  newPasswordProblem,
  phoneProblem,
  requiredProblem,
  smsCodeProblem,
  usernameProblem,
} from '#src/lib/form-rules.ts';
import { useFieldErrors } from '#src/lib/use-field-errors.ts';
import { NewPasswordFields } from '#src/ui/NewPasswordFields.tsx';
import { registerShop } from '../api/auth-api.ts';
import { signedIn } from '../session.ts';
import { AuthCard } from './AuthCard.tsx';
import { PhoneCodeFields } from './PhoneCodeFields.tsx';

type Field = 'shop' | 'fullName' | 'username' | 'email' | 'password' | 'again' | 'phone' | 'code';

/** A new shop signs up: its account and first Admin (docs/decisions/0007-sign-up-and-reset.md). */
export function RegisterPage({ onSignedIn }: { onSignedIn(): void }) {
  const { t, i18n } = useLingui();
  const [v, setV] = useState<Record<Field, string>>({
    shop: '',
    fullName: '',
    username: '',
    email: '',
    password: '',
    again: '',
    phone: '',
    code: '',
  });
  const { errors, check } = useFieldErrors<Field>();
  const register = useMutation({ mutationFn: registerShop, onSuccess: (datas) => signedIn(datas) });
  const change = (field: Field, value: string) => setV({ ...v, [field]: value });
  const set = (field: Field) => (e: { currentTarget: { value: string } }) =>
    change(field, e.currentTarget.value);
  const shown = (field: Field) => (errors[field] ? i18n._(errors[field]) : undefined);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const valid = check({
      shop: requiredProblem(v.shop, msg`Please enter the shop name`),
      fullName: requiredProblem(v.fullName, msg`Please enter your full name`),
      username: usernameProblem(v.username),
      email: emailProblem(v.email),
      password: newPasswordProblem(v.password),
      again: confirmProblem(v.password, v.again),
      phone: phoneProblem(v.phone),
      code: smsCodeProblem(v.code),
    });
    if (!valid) return;
    register.mutate(
      {
        shop_name: v.shop.trim(),
        full_name: v.fullName.trim(),
        username: v.username.trim(),
        email: v.email.trim(),
        password: v.password,
        phone: v.phone.trim(),
        code: v.code.trim(),
      },
      { onSuccess: onSignedIn },
    );
  };

  return (
    <AuthCard
      title={<Trans>Register your shop</Trans>}
      subtitle={<Trans>You become the shop's Admin.</Trans>}
    >
      <form onSubmit={onSubmit} noValidate data-testid="register-form">
        <Stack gap="sm">
          <TextInput
            label={t`Shop name`}
            name="shop_name"
            value={v.shop}
            onChange={set('shop')}
            error={shown('shop')}
            required
          />
          <TextInput
            label={t`Full name`}
            name="full_name"
            value={v.fullName}
            onChange={set('fullName')}
            error={shown('fullName')}
            autoComplete="name"
            required
          />
          <TextInput
            label={t`Username`}
            name="username"
            value={v.username}
            onChange={set('username')}
            error={shown('username')}
            autoComplete="username"
            required
          />
          <TextInput
            label={t`E-mail`}
            name="email"
            type="email"
            value={v.email}
            onChange={set('email')}
            error={shown('email')}
            autoComplete="email"
            required
          />
          <NewPasswordFields
            values={v}
            onChange={change}
            errors={{ password: shown('password'), again: shown('again') }}
            labels={{ password: t`Password`, again: t`Password again` }}
            named
          />
          <PhoneCodeFields
            values={v}
            onChange={change}
            errors={{ phone: shown('phone'), code: shown('code') }}
            purpose="register"
            testId="send-code-register"
          />
          <Button type="submit" loading={register.isPending}>
            <Trans>Register</Trans>
          </Button>
          <Anchor component={Link} to="/user/login" size="sm">
            <Trans>Already registered? Sign in</Trans>
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
