import { useState } from 'react';
import { Badge, Card, Group, Stack, Switch, Tabs, Text, Textarea } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  MESSAGE_LANGS,
  MESSAGE_MAX_SEGMENTS,
  type MessageKind,
  type MessageLang,
} from '#contract/counter/messages.ts';
import { MESSAGE_KIND_LABELS, MESSAGE_LANG_LABELS } from '../message-labels.ts';
import { previewMessage, templateField, type SettingsField } from '../settings-form.ts';

/**
 * One kind of message: whether its status change sends it, and its text per language with a live
 * preview (example values, the shop's own name and phone) and its length in characters and SMS.
 */
export function TemplateEditor(props: {
  kind: MessageKind;
  enabled: boolean;
  onEnabled(on: boolean): void;
  texts: Record<MessageLang, string>;
  onText(lang: MessageLang, text: string): void;
  shop: { name: string; phone: string };
  errors: Partial<Record<SettingsField, MessageDescriptor>>;
  /** The language a server error named: its tab opens. */
  focusLang?: MessageLang;
}) {
  const { t, i18n } = useLingui();
  const { kind } = props;
  const [lang, setLang] = useState<MessageLang>(props.focusLang ?? 'zh');
  const shownLang =
    props.focusLang && props.errors[templateField(kind, props.focusLang)] ? props.focusLang : lang;
  const kindLabel = i18n._(MESSAGE_KIND_LABELS[kind]);
  return (
    <Card withBorder padding="md" data-testid={`template-${kind}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{kindLabel}</Text>
          <Switch
            label={t`Send this message`}
            checked={props.enabled}
            onChange={(e) => props.onEnabled(e.currentTarget.checked)}
            aria-label={t`Send a message on: ${kindLabel}`}
          />
        </Group>
        <Tabs value={shownLang} onChange={(v) => v && setLang(v as MessageLang)} keepMounted={false}>
          <Tabs.List>
            {MESSAGE_LANGS.map((l) => (
              <Tabs.Tab
                key={l}
                value={l}
                rightSection={
                  props.errors[templateField(kind, l)] ? (
                    <Badge color="red" size="xs" circle aria-label={t`Has an error`}>
                      !
                    </Badge>
                  ) : null
                }
              >
                {i18n._(MESSAGE_LANG_LABELS[l])}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {MESSAGE_LANGS.map((l) => {
            const error = props.errors[templateField(kind, l)];
            const { preview, size } = previewMessage(props.texts[l], props.shop);
            const chars = size.chars;
            const segments = size.segments;
            const max = MESSAGE_MAX_SEGMENTS;
            const language = i18n._(MESSAGE_LANG_LABELS[l]);
            return (
              <Tabs.Panel key={l} value={l} pt="sm">
                <Stack gap="xs">
                  <Textarea
                    label={t`Message in ${language}`}
                    name={templateField(kind, l)}
                    value={props.texts[l]}
                    onChange={(e) => props.onText(l, e.currentTarget.value)}
                    error={error ? i18n._(error) : undefined}
                    rows={3}
                    resize="vertical"
                  />
                  <Text size="sm" c="dimmed" data-testid={`template-size-${kind}-${l}`}>
                    {t`${chars} characters · ${segments} SMS (at most ${max})`}
                  </Text>
                  <Card bg="var(--mantine-color-default-hover)" padding="sm" radius="sm">
                    <Text size="xs" fw={600} mb={4}>
                      {t`Preview`}
                    </Text>
                    <Text
                      size="sm"
                      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                      data-testid={`template-preview-${kind}-${l}`}
                    >
                      {preview}
                    </Text>
                  </Card>
                </Stack>
              </Tabs.Panel>
            );
          })}
        </Tabs>
      </Stack>
    </Card>
  );
}
