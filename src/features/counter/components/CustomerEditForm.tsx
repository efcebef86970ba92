import { Alert, Button, Group, Select, Stack, Switch, TagsInput, TextInput, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  CUSTOMER_LANGS,
  CUSTOMER_NAME_MAX,
  CUSTOMER_NOTE_MAX,
  CUSTOMER_PHONES_MAX,
  CUSTOMER_TAGS_MAX,
} from '#contract/values/counter-customers.ts';
import type { CustomerRow } from '#contract/schemas/counter-customers.ts';
import { LANGUAGE_NAMES } from '#src/lib/i18n.ts';
import { useOnline } from '#src/lib/offline/network.ts';
import { useCustomerEdit, type CustomerDraft } from './use-customer-edit.ts';

interface CustomerEditFormProps {
  customer: CustomerRow;
  /** A phone typed here is another customer's: the page offers to merge that one into this one. */
  onPhoneTaken(owner: { customer_id: number; name: string }): void;
}

/** Edits the whole record (name, phones, WeChat id, note, tags, message language, SMS opt-out). */
export function CustomerEditForm({ customer, onPhoneTaken }: CustomerEditFormProps) {
  const { t } = useLingui();
  const online = useOnline();
  const { draft, set, errors, submit, saving } = useCustomerEdit(customer, onPhoneTaken);

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
          onChange={(v) => set('lang', (v as CustomerDraft['lang'] | null) ?? 'zh')}
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
          loading={saving}
          disabled={!online}
          data-testid="customer-edit-save"
        >
          <Trans>Save</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
