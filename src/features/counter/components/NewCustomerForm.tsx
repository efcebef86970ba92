import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { isCustomerPhone } from '#contract/counter/phones.ts';
import { CUSTOMER_LANGS, CUSTOMER_NAME_MAX } from '#contract/values/counter-customers.ts';
import type { CustomerRow } from '#contract/schemas/counter-customers.ts';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { LANGUAGE_NAMES } from '#src/lib/i18n.ts';
import { useOnline } from '#src/lib/offline/network.ts';
import { useRequestId } from '#src/lib/use-request-id.ts';
import { useSaveCustomer } from '../api/customers-api.ts';
import { phoneOwnerOf } from '../model/phone-taken.ts';

type Lang = CustomerRow['lang'];

interface NewCustomerFormProps {
  /** What was typed in the search box: a name or a phone, to start from. */
  initial: string;
  onCreated(row: CustomerRow): void;
  /** The phone belongs to a customer already: the user chose that one instead. */
  onPickExisting(id: number): void;
  onCancel(): void;
}

/** Starts the form with what was searched: digits are a phone, anything else a name. */
function seedOf(typed: string): { name: string; phone: string } {
  const text = typed.trim();
  return /^\+?[\d\s()-]+$/.test(text) ? { name: '', phone: text } : { name: text, phone: '' };
}

/**
 * A new customer inline: name, phone and the language of their messages and receipts. Online only:
 * the ticket or intake needs the customer's id at once, and a queued customer has none yet.
 */
export function NewCustomerForm({ initial, onCreated, onPickExisting, onCancel }: NewCustomerFormProps) {
  const { t } = useLingui();
  const online = useOnline();
  const seed = seedOf(initial);
  const [name, setName] = useState(seed.name);
  const [phone, setPhone] = useState(seed.phone);
  const [lang, setLang] = useState<Lang>('zh');
  const [errors, setErrors] = useState<{ name?: string; phone?: string; form?: string }>({});
  const [owner, setOwner] = useState<{ customer_id: number; name: string } | null>(null);
  const save = useSaveCustomer();
  const requestIds = useRequestId();

  async function submit() {
    const next: typeof errors = {};
    if (!name.trim()) next.name = t`Please enter the customer's name`;
    if (phone.trim() && !isCustomerPhone(phone)) next.phone = t`This is not a phone number`;
    setErrors(next);
    setOwner(null);
    if (next.name || next.phone) return;
    const body = { name: name.trim(), phones: phone.trim() ? [phone.trim()] : [], lang };
    try {
      const row = await save.mutateAsync({ ...body, request_id: requestIds.idFor(body) });
      requestIds.done();
      onCreated(row);
    } catch (err) {
      const taken = phoneOwnerOf(err);
      setOwner(taken);
      setErrors(taken ? {} : { form: actionErrorText(err) ?? undefined });
    }
  }

  return (
    <Paper withBorder p="sm" data-testid="new-customer-form">
      <Stack gap="xs">
        <Group grow align="flex-start">
          <TextInput
            label={t`Name`}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            maxLength={CUSTOMER_NAME_MAX}
            required
            data-testid="new-customer-name"
          />
          <TextInput
            label={t`Phone`}
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={errors.phone}
            inputMode="tel"
            maxLength={24}
            data-testid="new-customer-phone"
          />
          <Select
            label={t`Language of messages and receipts`}
            value={lang}
            onChange={(v) => setLang((v as Lang | null) ?? 'zh')}
            allowDeselect={false}
            data={CUSTOMER_LANGS.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            data-testid="new-customer-lang"
          />
        </Group>
        {!online && (
          <Alert color="orange" data-testid="new-customer-offline">
            <Trans>
              A new customer can only be saved with the network: pick one saved on this device, or try again
              when back online.
            </Trans>
          </Alert>
        )}
        {owner && (
          <Alert color="orange" data-testid="new-customer-phone-taken">
            <Group justify="space-between">
              <Text size="sm">
                <Trans>This phone belongs to {owner.name} already.</Trans>
              </Text>
              <Button size="xs" variant="light" onClick={() => onPickExisting(owner.customer_id)}>
                <Trans>Pick {owner.name}</Trans>
              </Button>
            </Group>
          </Alert>
        )}
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            onClick={() => void submit()}
            loading={save.isPending}
            disabled={!online}
            data-testid="new-customer-save"
          >
            <Trans>Save customer</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
