import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  type MessageKind,
  type MessageLang,
  type MessageTemplates,
  type MessageTriggers,
} from '#contract/counter/messages.ts';
import { ErrCode } from '#contract/errcodes.ts';
import type { CounterSettings } from '#contract/schemas/counter-settings.ts';
import type { RepairSettingsDatas } from '#contract/schemas/repairs-monitors.ts';
import { ApiError, invalidFields } from '#src/lib/api/errors.ts';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { useRequestId } from '#src/lib/use-request-id.ts';
import { notify } from '#src/ui/notify.ts';
import { useSaveShopSettings } from '../api/settings-api.ts';
import {
  previewTicketNo,
  settingsProblems,
  shopToday,
  templateField,
  type SettingsField,
} from '../settings-form.ts';
import { timeZoneOptions } from '../model/time-zone-options.ts';
import { ShopSettingsSections } from './ShopSettingsSections.tsx';

/** The form of the shop settings screen: what the shop prints and the messages its customers get. */
export function ShopSettingsForm({ shop, counter }: { shop: RepairSettingsDatas; counter: CounterSettings }) {
  const { t, i18n } = useLingui();
  const [name, setName] = useState(shop.contact_name);
  const [phone, setPhone] = useState(shop.contact_phone);
  const [address, setAddress] = useState(shop.contact_address);
  const [timeZone, setTimeZone] = useState(shop.time_zone);
  const [terms, setTerms] = useState(counter.receipt_terms);
  const [format, setFormat] = useState(counter.ticket_format);
  const [templates, setTemplates] = useState<MessageTemplates>(counter.templates);
  const [enabled, setEnabled] = useState<MessageTriggers>(counter.enabled);
  const [errors, setErrors] = useState<Partial<Record<SettingsField, MessageDescriptor>>>({});
  const [focus, setFocus] = useState<{ kind: MessageKind; lang: MessageLang } | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveShopSettings();
  const shopRequest = useRequestId();
  const counterRequest = useRequestId();
  const zones = useMemo(() => timeZoneOptions(i18n.locale, shop.time_zone), [i18n.locale, shop.time_zone]);
  const nextNo = previewTicketNo(format, counter.next_ticket_no, shopToday(timeZone));

  const setText = (kind: MessageKind, lang: MessageLang, text: string) => {
    setSaved(false);
    setTemplates((all) => ({ ...all, [kind]: { ...all[kind], [lang]: text } }));
    // A corrected field loses its error at once; the others keep theirs until the next save.
    setErrors(({ [templateField(kind, lang)]: _gone, ...rest }) => rest);
  };

  /** A refusal of the server, placed next to the field it names when it names one. */
  const placeError = (err: unknown) => {
    if (err instanceof ApiError) {
      const where = err.datas as { kind?: MessageKind; lang?: MessageLang } | null;
      if (where?.kind && where.lang) {
        const field = templateField(where.kind, where.lang);
        const problem =
          err.errcode === ErrCode.MESSAGE_PLACEHOLDER_UNKNOWN
            ? msg`Unknown placeholder. Use only the ones listed.`
            : err.errcode === ErrCode.MESSAGE_TEMPLATE_TOO_LONG
              ? msg`Too long for a few SMS.`
              : msg`Write the message, or switch this kind off.`;
        setErrors((e) => ({ ...e, [field]: problem }));
        setFocus({ kind: where.kind, lang: where.lang });
        return;
      }
      if (err.errcode === ErrCode.COUNTER_TICKET_FORMAT_INVALID) {
        setErrors((e) => ({ ...e, ticket_format: msg`This format cannot number tickets.` }));
        return;
      }
      const fields = invalidFields(err);
      if (fields.time_zone) setErrors((e) => ({ ...e, time_zone: msg`Unknown time zone.` }));
    }
    notify(
      'warning',
      actionErrorText(err) ??
        t`The settings were not saved. Please check your network connection and try again.`,
    );
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problems = settingsProblems({
      contact_name: name,
      contact_phone: phone,
      contact_address: address,
      receipt_terms: terms,
      ticket_format: format,
      templates,
    });
    setErrors(problems);
    setSaved(false);
    const first = Object.keys(problems)[0];
    if (first) {
      const [, kind, lang] = first.split(':');
      if (kind && lang) setFocus({ kind: kind as MessageKind, lang: lang as MessageLang });
      return;
    }
    const shopBody = {
      time_zone: timeZone,
      contact_name: name.trim(),
      contact_phone: phone.trim(),
      contact_address: address.trim(),
    };
    const counterBody = { receipt_terms: terms.trim(), ticket_format: format.trim(), templates, enabled };
    save.mutate(
      {
        shop: { ...shopBody, request_id: shopRequest.idFor(shopBody) },
        counter: { ...counterBody, request_id: counterRequest.idFor(counterBody) },
      },
      {
        onSuccess: () => {
          shopRequest.done();
          counterRequest.done();
          setSaved(true);
          notify('success', t`Shop settings saved`);
        },
        onError: placeError,
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="shop-settings-form">
      <Stack gap="lg">
        <ShopSettingsSections
          {...{ name, setName, phone, setPhone, address, setAddress, timeZone, setTimeZone, zones }}
          {...{ terms, setTerms, format, setFormat, nextNo, templates, setText, enabled, errors, focus }}
          setKindEnabled={(kind, on) => (setSaved(false), setEnabled((all) => ({ ...all, [kind]: on })))}
        />
        {Object.keys(errors).length > 0 && (
          <Alert color="red" role="alert">
            <Trans>Some fields need correcting: see the messages next to them.</Trans>
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            <Trans>Save</Trans>
          </Button>
          {saved && (
            <Text size="sm" c="teal" role="status">
              <Trans>Saved</Trans>
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
