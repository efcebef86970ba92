import { Card, Code, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  MESSAGE_KINDS,
  MESSAGE_PLACEHOLDERS,
  type MessageKind,
  type MessageLang,
  type MessageTemplates,
  type MessageTriggers,
} from '#contract/counter/messages.ts';
import { PLACEHOLDER_HELP } from '../message-labels.ts';
import type { SettingsField } from '../settings-form.ts';
import type { TimeZoneOption } from '../model/time-zone-options.ts';
import { TemplateEditor } from './TemplateEditor.tsx';

const TICKET_FORMAT_PARTS = ['{YYYY}', '{YY}', '{MM}', '{DD}', '{SEQ}', '{SEQ:4}'] as const;

/** The fields of the shop settings form, as ShopSettingsForm holds them (values and setters). */
export interface SettingsFields {
  name: string;
  setName(v: string): void;
  phone: string;
  setPhone(v: string): void;
  address: string;
  setAddress(v: string): void;
  timeZone: string;
  setTimeZone(v: string): void;
  zones: TimeZoneOption[];
  terms: string;
  setTerms(v: string): void;
  format: string;
  setFormat(v: string): void;
  nextNo: string | null;
  templates: MessageTemplates;
  setText(kind: MessageKind, lang: MessageLang, text: string): void;
  enabled: MessageTriggers;
  setKindEnabled(kind: MessageKind, on: boolean): void;
  errors: Partial<Record<SettingsField, MessageDescriptor>>;
  focus: { kind: MessageKind; lang: MessageLang } | null;
}

/** The shop, its tickets and receipts, its messages: the sections of the shop settings form. */
export function ShopSettingsSections(f: SettingsFields) {
  const { t, i18n } = useLingui();
  const { name, setName, phone, setPhone, address, setAddress, timeZone, setTimeZone, zones } = f;
  const { terms, setTerms, format, setFormat, nextNo, errors } = f;
  const shown = (field: SettingsField) => (errors[field] ? i18n._(errors[field]) : undefined);
  const seq = '{SEQ}';
  const parts = TICKET_FORMAT_PARTS.join(' ');
  return (
    <>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={3}>
            <Trans>The shop</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Printed on receipts and labels, and shown on the customers' status pages.</Trans>
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t`Shop name`}
              name="contact_name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={shown('contact_name')}
            />
            <TextInput
              label={t`Shop phone`}
              name="contact_phone"
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
              error={shown('contact_phone')}
              inputMode="tel"
            />
          </SimpleGrid>
          <TextInput
            label={t`Address`}
            name="contact_address"
            value={address}
            onChange={(e) => setAddress(e.currentTarget.value)}
            error={shown('contact_address')}
          />
          <Select
            label={t`Time zone`}
            description={t`Today, ticket numbers and the day's figures are counted in it.`}
            data={zones}
            value={timeZone}
            onChange={(v) => v && setTimeZone(v)}
            searchable
            allowDeselect={false}
            error={shown('time_zone')}
            maw={420}
          />
        </Stack>
      </Card>

      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={3}>
            <Trans>Tickets and receipts</Trans>
          </Title>
          <TextInput
            label={t`Ticket number format`}
            name="ticket_format"
            value={format}
            onChange={(e) => setFormat(e.currentTarget.value)}
            error={shown('ticket_format')}
            description={t`Placeholders: ${parts} (the running number must be there: ${seq}).`}
            maw={420}
          />
          <Text size="sm" data-testid="ticket-format-preview">
            {nextNo ? (
              <Trans>
                Next ticket: <Code>{nextNo}</Code>
              </Trans>
            ) : (
              <Trans>No preview: the format is not valid.</Trans>
            )}
          </Text>
          <Textarea
            label={t`Receipt terms`}
            description={t`Printed at the foot of every intake receipt.`}
            name="receipt_terms"
            value={terms}
            onChange={(e) => setTerms(e.currentTarget.value)}
            error={shown('receipt_terms')}
            rows={4}
            resize="vertical"
          />
        </Stack>
      </Card>

      <MessagesSection {...f} />
    </>
  );
}

/** The messages to customers: placeholder help, then each kind with its switch and texts. */
function MessagesSection(f: SettingsFields) {
  const { i18n } = useLingui();
  const { name, phone, templates, setText, enabled, errors, focus } = f;
  return (
    <Stack gap="sm">
      <Title order={3}>
        <Trans>Messages to customers</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>
          An SMS goes to the customer, in their language, when a ticket reaches a status switched on below.
          Customers who opted out get none.
        </Trans>
      </Text>
      <Card withBorder padding="sm" data-testid="placeholder-help">
        <Text size="sm" fw={600} mb={4}>
          <Trans>Placeholders</Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={4}>
          {MESSAGE_PLACEHOLDERS.map((p) => (
            <Text size="sm" key={p}>
              <Code>{`{${p}}`}</Code> {i18n._(PLACEHOLDER_HELP[p])}
            </Text>
          ))}
        </SimpleGrid>
      </Card>
      {MESSAGE_KINDS.map((kind) => (
        <TemplateEditor
          key={`${kind}-${focus?.kind === kind ? focus.lang : ''}`}
          kind={kind}
          enabled={enabled[kind]}
          onEnabled={(on) => f.setKindEnabled(kind, on)}
          texts={templates[kind]}
          onText={(lang, text) => setText(kind, lang, text)}
          shop={{ name, phone }}
          errors={errors}
          {...(focus?.kind === kind ? { focusLang: focus.lang } : {})}
        />
      ))}
    </Stack>
  );
}
