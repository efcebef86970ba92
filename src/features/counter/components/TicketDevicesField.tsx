import { Button, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { TICKET_DEVICES_MAX, TICKET_MODEL_MAX } from '#contract/values/counter-tickets.ts';
import { DEVICE_REASON_LABELS } from '../ticket-words.ts';
import type { NewTicketState } from './use-new-ticket.ts';

/**
 * The new ticket's devices, one SN or IMEI a line, each read as typed (as the repairs intake reads
 * it): a bad or repeated one says why, a good one names its model when known.
 */
export function TicketDevicesField({ form }: { form: NewTicketState }) {
  const { t, i18n } = useLingui();
  const { devices, models, drafts } = form;
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm">
        <Trans>Devices (SN or IMEI)</Trans>
      </Text>
      {devices.map((d, i) => {
        const draft = drafts[i];
        return (
          <Group key={i} align="flex-start" wrap="nowrap">
            <TextInput
              aria-label={t`Device ${i + 1}: SN or IMEI`}
              value={d}
              onChange={(e) => form.editDevice(i, e.currentTarget.value)}
              style={{ flex: 1 }}
              error={
                draft?.state === 'bad'
                  ? i18n._(DEVICE_REASON_LABELS[draft.reason] ?? DEVICE_REASON_LABELS.bad_characters!)
                  : draft?.state === 'duplicate'
                    ? i18n._(DEVICE_REASON_LABELS.duplicate!)
                    : undefined
              }
              description={draft?.state === 'ok' ? draft.model : undefined}
              // Under the box, so that the model box beside it lines up with it.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data-testid="ticket-device"
            />
            {/* The decoder names no 10-character serial and few IMEIs: the counter types what it sees
                (left empty, the server takes it from the shop's own checks and Apple repairs). */}
            {draft?.state === 'ok' && !draft.model && (
              <TextInput
                aria-label={t`Device ${i + 1}: model`}
                placeholder={t`Model, e.g. iPhone 13 Pro`}
                value={models[i] ?? ''}
                onChange={(e) => form.setModel(i, e.currentTarget.value)}
                maxLength={TICKET_MODEL_MAX}
                w={200}
                data-testid="ticket-device-model"
              />
            )}
            {devices.length > 1 && (
              <CloseButton
                aria-label={t`Remove device ${i + 1}`}
                onClick={() => form.removeDevice(i)}
                mt={6}
              />
            )}
          </Group>
        );
      })}
      {form.errors.devices && (
        <Text c="red" size="sm" role="alert">
          {form.errors.devices}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={devices.length >= TICKET_DEVICES_MAX}
          onClick={form.addDevice}
          data-testid="ticket-add-device"
        >
          <Trans>Add a device</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
