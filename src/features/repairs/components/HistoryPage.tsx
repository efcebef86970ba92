import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import type { ServiceCode } from '#contract/values/checks-catalogue.ts';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '#src/lib/api/errors.ts';
import { localizedErrorMessage } from '#src/lib/api/error-messages.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { SERVICE_NAMES } from '#src/lib/check-service-names.ts';
import { factLines } from '#src/lib/labels/check-facts.ts';
import { JOB_STATUS_NAMES } from '#src/lib/labels/device-facts.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { deviceHistoryQuery } from '../api/repairs-api.ts';
import { EventText } from './EventText.tsx';

const JOB_STATUS_COLORS = { pending: 'gray', running: 'blue', success: 'teal', failed: 'red' } as const;

/** A check service by its code; one the PWA does not know yet is named "Check" alone, never by its code. */
const serviceLabel = (i18n: I18n, code: string): string =>
  code in SERVICE_NAMES ? i18n._(SERVICE_NAMES[code as ServiceCode]) : '';

/** One timeline per device: every check result and repair event of an SN or IMEI in the account. */
export function HistoryPage({ q, onSearch }: { q: string; onSearch(q: string): void }) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState(q);
  const history = useQuery(deviceHistoryQuery(q));
  const err = history.error;
  return (
    <Stack>
      <Title order={2}>
        <Trans>Device history</Trans>
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(text.trim());
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={t`SN or IMEI`}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={64}
            data-testid="history-q"
          />
          <Button type="submit">
            <Trans>Search</Trans>
          </Button>
        </Group>
      </form>
      <DataAsOf query={history} />
      {err && !history.data && (
        <Alert color="red" role="alert">
          {err instanceof ApiError
            ? localizedErrorMessage(err.errcode, err.message, err.datas)
            : t`The history could not be loaded.`}
        </Alert>
      )}
      {history.data && (
        <Paper withBorder p="md" data-testid="history" data-entries={history.data.entries.length}>
          <Text fw={600}>{history.data.ident}</Text>
          {history.data.also.length > 0 && (
            <Text size="sm" c="dimmed">
              <Trans>Also known as {history.data.also.join(', ')}</Trans>
            </Text>
          )}
          {history.data.entries.length === 0 ? (
            <Text mt="sm">{t`Nothing recorded for this device yet.`}</Text>
          ) : (
            <Timeline mt="md" bulletSize={14} lineWidth={2}>
              {history.data.entries.map((entry, i) => (
                <Timeline.Item
                  key={`${entry.type}-${i}`}
                  data-testid="history-entry"
                  data-type={entry.type}
                  title={
                    entry.type === 'repair' ? (
                      <EventText event={entry.event} />
                    ) : (
                      <span>
                        {t`Check`}: {serviceLabel(i18n, entry.service)}{' '}
                        <Badge size="xs" variant="light" color={JOB_STATUS_COLORS[entry.status]}>
                          {i18n._(JOB_STATUS_NAMES[entry.status])}
                        </Badge>
                      </span>
                    )
                  }
                >
                  {/* Links inside a line of text are underlined (axe: link-in-text-block). */}
                  <Text size="xs" c="dimmed">
                    {formatDateTime(entry.at)} ·{' '}
                    {entry.type === 'repair' ? (
                      <Anchor
                        renderRoot={(props) => (
                          <Link
                            {...props}
                            to="/app/maintenance/orderDetail"
                            search={{ device_id: entry.event.device_id }}
                          />
                        )}
                        size="xs"
                        underline="always"
                      >
                        {entry.batch_title}
                      </Anchor>
                    ) : (
                      <Anchor
                        renderRoot={(props) => (
                          <Link
                            {...props}
                            to="/app/quiry/managementDetail"
                            search={{ order_id: entry.check_order_id }}
                          />
                        )}
                        size="xs"
                        underline="always"
                      >
                        {entry.check_order_title}
                      </Anchor>
                    )}
                  </Text>
                  {entry.type === 'check' && factLines(i18n, entry.facts).length > 0 && (
                    <Text size="xs" data-testid="history-facts">
                      {factLines(i18n, entry.facts).join(' · ')}
                    </Text>
                  )}
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Paper>
      )}
    </Stack>
  );
}
