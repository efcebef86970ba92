import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { phoneProblem } from '#src/lib/form-rules.ts';
import { sendSmsCode, smsNotConfigured } from '#src/lib/api/sms.ts';
import { useFieldErrors } from '#src/lib/use-field-errors.ts';
import { SmsUnavailableNotice } from '#src/ui/SmsUnavailableNotice.tsx';
import { AuthCard } from './AuthCard.tsx';

/** Step 1 of a reset: a code goes to the phone bound to the account; step 2 is the reset page. */
export function ForgotPasswordPage({ onCodeSent }: { onCodeSent(phone: string): void }) {
  const { t, i18n } = useLingui();
  const [phone, setPhone] = useState('');
  const [sending, setSending] = useState(false);
  const [noSms, setNoSms] = useState(false);
  const { errors, check } = useFieldErrors<'phone'>();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check({ phone: phoneProblem(phone) })) return;
    setSending(true);
    try {
      await sendSmsCode(phone.trim(), 'reset_password');
      onCodeSent(phone.trim());
    } catch (err) {
      // The API client has told the user why (rate limit, network); a server that cannot send text
      // messages at all is said plainly on the page too.
      setNoSms(smsNotConfigured(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard
      title={<Trans>Forgot password</Trans>}
      subtitle={<Trans>We send a code to the phone bound to your account.</Trans>}
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="forgot-form">
        <Stack gap="sm">
          <TextInput
            label={t`Phone number`}
            name="phone"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={errors.phone ? i18n._(errors.phone) : undefined}
            inputMode="tel"
            maxLength={11}
            required
          />
          {noSms && <SmsUnavailableNotice />}
          <Button type="submit" loading={sending}>
            <Trans>Send code</Trans>
          </Button>
          <Text size="sm" c="dimmed">
            <Trans>No phone bound? Ask your shop's Admin to reset your password.</Trans>
          </Text>
          <Anchor component={Link} to="/user/login" size="sm">
            <Trans>Back to sign in</Trans>
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
