import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Switch, TagsInput, TextInput, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { isCustomerPhone } from '#contract/counter/phones.ts';
import {
  CUSTOMER_LANGS,
  CUSTOMER_NAME_MAX,
  CUSTOMER_NOTE_MAX,
  CUSTOMER_PHONES_MAX,
  CUSTOMER_TAGS_MAX,
  type CustomerRow,
} from '#contract/schemas/counter-customers.ts';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { invalidFields } from '#src/lib/api/errors.ts';
import { LANGUAGE_NAMES } from '#src/lib/i18n.ts';
import { useOnline } from '#src/lib/offline/network.ts';
import { notify } from '#src/ui/notify.ts';
import { useRequestId } from '#src/lib/use-request-id.ts';
import { useSaveCustomer } from '../api/customers-api.ts';
import { phoneOwnerOf } from '../model/phone-taken.ts';

type Draft = Pick<CustomerRow, 'name' | 'phones' | 'wechat_id' | 'note' | 'tags' | 'lang' | 'sms_opt_out'>;

interface CustomerEditFormProps {
  customer: CustomerRow;
  /** A phone typed here is another customer's: the page offers to merge that one into this one. */
  onPhoneTaken(owner: { customer_id: number; name: string }): void;
}

/** Edits the whole record (name, phones, WeChat id, note, tags, message language, SMS opt-out). */
export function CustomerEditForm({ customer, onPhoneTaken }: CustomerEditFormProps) {
  const { t } = useLingui();
  const online = useOnline();
  const [draft, setDraft] = useState<Draft>(customer);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft | 'form', string>>>({});
  const save = useSaveCustomer();
  const requestIds = useRequestId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  async function submit() {
    const next: typeof errors = {};
    if (!draft.name.trim()) next.name = t`Please enter the customer's name`;
    const bad = draft.phones.find((p) => !isCustomerPhone(p));
    if (bad) next.phones = t`Not a phone number: ${bad}`;
    setErrors(next);
    if (next.name || next.phones) return;
    const body = {
      id: customer.id,
      name: draft.name.trim(),
      phones: draft.phones,
      wechat_id: draft.wechat_id.trim(),
      note: draft.note,
      tags: draft.tags,
      lang: draft.lang,
      sms_opt_out: draft.sms_opt_out,
    };
    try {
      await save.mutateAsync({ ...body, request_id: requestIds.idFor(body) });
      requestIds.done();
      notify('success', t`Customer saved`);
    } catch (err) {
      const owner = phoneOwnerOf(err);
      if (owner) onPhoneTaken(owner);
      const fields = invalidFields(err);
      setErrors({
        ...(fields as typeof errors),
        form: owner ? t`This phone belongs to ${owner.name} already.` : (actionErrorText(err) ?? undefined),
      });
    }
  }

  return (
    <Stack gap="sm" data-testid="customer-edit">
      <Group grow align="flex-start">
        <TextInput
          label={t`Name`}
          value={draft.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          maxLength={CUSTOMER_NAME_MAX}
          required
          data-testid="customer-edit-name"
        />
        <TextInput
          label={t`WeChat ID`}
          value={draft.wechat_id}
          onChange={(e) => set('wechat_id', e.currentTarget.value)}
          maxLength={64}
          data-testid="customer-edit-wechat"
        />
      </Group>
      <Group grow align="flex-start">
        <TagsInput
          label={t`Phones`}
          description={t`Press Enter after each phone`}
          value={draft.phones}
          onChange={(v) => set('phones', v)}
          maxTags={CUSTOMER_PHONES_MAX}
          error={errors.phones}
          splitChars={[',', ';']}
          data-testid="customer-edit-phones"
        />
        <TagsInput
          label={t`Tags`}
          value={draft.tags}
          onChange={(v) =>
            set(
              'tags',
              v.map((tag) => tag.slice(0, 20)),
            )
          }
          maxTags={CUSTOMER_TAGS_MAX}
          data-testid="customer-edit-tags"
        />
      </Group>
      <Textarea
        label={t`Note`}
        value={draft.note}
        onChange={(e) => set('note', e.currentTarget.value)}
        maxLength={CUSTOMER_NOTE_MAX}
        rows={3}
        data-testid="customer-edit-note"
      />
      <Group align="flex-end">
        <Select
          label={t`Language of messages and receipts`}
          value={draft.lang}
          onChange={(v) => set('lang', (v as Draft['lang'] | null) ?? 'zh')}
          allowDeselect={false}
          data={CUSTOMER_LANGS.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          data-testid="customer-edit-lang"
        />
        <Switch
          label={t`No text messages (the customer opted out)`}
          checked={draft.sms_opt_out}
          onChange={(e) => set('sms_opt_out', e.currentTarget.checked)}
          data-testid="customer-edit-optout"
        />
      </Group>
      {errors.form && (
        <Alert color="red" role="alert" data-testid="customer-edit-error">
          {errors.form}
        </Alert>
      )}
      {!online && (
        <Alert color="orange">
          <Trans>Changes to a customer are saved with the network only.</Trans>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          onClick={() => void submit()}
          loading={save.isPending}
          disabled={!online}
          data-testid="customer-edit-save"
        >
          <Trans>Save</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
