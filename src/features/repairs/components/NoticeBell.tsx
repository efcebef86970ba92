import { useEffect, useState } from 'react';
import { ActionIcon, Button, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { formatDateTime } from '#src/lib/dates.ts';
import { notify } from '#src/ui/notify.ts';
import { noticeListQuery, subscribeNotices, unreadQuery, useMarkRead } from '../api/notices-api.ts';
import { PROGRESS_LABELS } from '#src/lib/labels/repair-progress.ts';
import { ELIGIBILITY_LABELS, RETURN_LOGISTICS_LABELS } from '../labels.ts';

const FIELD_VALUES: Record<string, Record<string, MessageDescriptor>> = {
  progress: PROGRESS_LABELS,
  eligibility: ELIGIBILITY_LABELS,
  return_logistics: RETURN_LOGISTICS_LABELS,
};

/** Words of an alert: "F2LXK1ABHG7F (Wang): Diagnosing → Repairing". */
function useNoticeText() {
  const { i18n } = useLingui();
  return (n: {
    ident: string;
    customer_name: string;
    field: string;
    from: string | null;
    to: string | null;
  }) => {
    const word = (v: string | null) =>
      v === null ? '' : FIELD_VALUES[n.field]?.[v] ? i18n._(FIELD_VALUES[n.field]![v]!) : v;
    const who = n.customer_name ? ` (${n.customer_name})` : '';
    return `${n.ident}${who}: ${[word(n.from), word(n.to)].filter(Boolean).join(' → ')}`;
  };
}

/** The shell's bell: unread count, kept live by the socket ('notice:new'), and the latest alerts. */
export function NoticeBell() {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const unread = useQuery(unreadQuery());
  const list = useQuery({ ...noticeListQuery(1), enabled: opened });
  const markRead = useMarkRead();
  const text = useNoticeText();
  useEffect(() => subscribeNotices((n) => notify('info', t`Repair alert: ${text(n)}`, 6000)), [t, text]);
  const count = unread.data?.unread ?? 0;
  return (
    // The popover's target is the button itself: on the Indicator's div, aria-expanded is not allowed.
    <Indicator label={count} size={16} disabled={count === 0} data-testid="notice-count" data-count={count}>
      <Popover opened={opened} onChange={setOpened} width={360} position="bottom-end" withArrow>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpened((o) => !o)}
            aria-label={t`Notifications: ${count} unread`}
            data-testid="notice-bell"
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" data-testid="notice-list">
            {count > 0 && (
              <Button size="xs" variant="subtle" onClick={() => markRead.mutate({ all: true })}>
                <Trans>Mark all read</Trans>
              </Button>
            )}
            <ScrollArea.Autosize mah={360}>
              {(list.data?.list ?? []).map((n) => (
                <Stack key={n.id} gap={0} py={4} data-testid="notice-item" data-read={n.read}>
                  <Text size="sm" fw={n.read ? 400 : 600}>
                    {n.device_id ? (
                      <Link
                        to="/app/maintenance/orderDetail"
                        search={{ device_id: n.device_id }}
                        onClick={() => setOpened(false)}
                      >
                        {text(n)}
                      </Link>
                    ) : (
                      text(n)
                    )}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(n.created_at)}
                  </Text>
                </Stack>
              ))}
              {list.data?.list.length === 0 && <Text size="sm">{t`No notifications.`}</Text>}
            </ScrollArea.Autosize>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
