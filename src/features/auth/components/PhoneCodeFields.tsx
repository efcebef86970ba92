import { TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { phoneProblem } from '#src/lib/form-rules.ts';
import type { SmsPurpose } from '#contract/schemas/account.ts';
import { sendSmsCode, smsRetryAfter, smsNotConfigured } from '#src/lib/api/sms.ts';
import { SmsCodeField } from '#src/ui/SmsCodeField.tsx';

type PhoneCodeField = 'phone' | 'code';

/** The phone number and the SMS code sent to it (sign-up and reset): the code can be sent once the number is valid. */
export function PhoneCodeFields({
  values,
  onChange,
  errors,
  purpose,
  testId,
}: {
  values: Record<PhoneCodeField, string>;
  onChange(field: PhoneCodeField, value: string): void;
  errors: Partial<Record<PhoneCodeField, string>>;
  purpose: SmsPurpose;
  /** The send button's test id. */
  testId: string;
}) {
  const { t } = useLingui();
  return (
    <>
      <TextInput
        label={t`Phone number`}
        name="phone"
        value={values.phone}
        onChange={(e) => onChange('phone', e.currentTarget.value)}
        error={errors.phone}
        inputMode="tel"
        maxLength={11}
        required
      />
      <SmsCodeField
        value={values.code}
        onChange={(e) => onChange('code', e.currentTarget.value)}
        error={errors.code}
        send={() => sendSmsCode(values.phone.trim(), purpose)}
        waitAfterError={smsRetryAfter}
        unavailable={smsNotConfigured}
        disabled={phoneProblem(values.phone) !== null}
        testId={testId}
      />
    </>
  );
}
