import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { formatDateTime } from '#src/lib/dates.ts';
import type { StoredUser } from '#src/lib/storage.ts';

/** The landing page after sign-in: who is signed in, for which shop, and the shop's wallet. */
export function DashboardHome({ user }: { user: StoredUser }) {
  const vipEnd = formatDateTime(user.vip_end_time);
  return (
    <Stack>
      <Title order={2} data-testid="dashboard-title">
        <Trans>Welcome, {user.title}</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            <Trans>Shop</Trans>
          </Text>
          <Text fw={600} fz="lg">
            {user.account_name}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            <Trans>Points balance</Trans>
          </Text>
          <Text fw={600} fz="lg" data-testid="dashboard-points">
            {user.integral.toFixed(2)}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            <Trans>VIP until</Trans>
          </Text>
          <Text fw={600} fz="lg" data-testid="dashboard-vip-end">
            {vipEnd || '—'}
          </Text>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
