import { useState } from 'react';
import { Anchor, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { formatHundredths } from '#src/lib/amount.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { surplusQuery, walletCenterQuery } from '../api/wallet-api.ts';

/** The shop's points, VIP and unused package checks, as figures across the top of the shopping center. */
export function WalletSummary() {
  const center = useQuery(walletCenterQuery());
  const surplus = useQuery(surplusQuery());
  const me = center.data;
  const checksLeft = surplus.data?.list.reduce((sum, row) => sum + row.check_left, 0);
  const vipEnd = me && me.vip_end_time > 0 ? formatDateTime(me.vip_end_time, 'YYYY-MM-DD') : '';
  // The page's opening time is precise enough to tell a running VIP from an ended one.
  const [openedAt] = useState(() => Date.now());
  const vipActive = me ? me.vip_level > 0 && me.vip_end_time * 1000 > openedAt : false;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Card withBorder>
        <Text size="sm" c="dimmed">
          <Trans>Points balance</Trans>
        </Text>
        <Text fw={700} fz="xl" data-testid="shop-balance">
          {me ? formatHundredths(me.integral) : '—'}
        </Text>
        {me && me.frozen_integral > 0 && (
          <Text size="xs" c="dimmed">
            <Trans>Frozen by running orders: {formatHundredths(me.frozen_integral)}</Trans>
          </Text>
        )}
        <Anchor component={Link} to="/app/pointrecord" size="sm">
          <Trans>Point record</Trans>
        </Anchor>
      </Card>
      <Card withBorder>
        <Text size="sm" c="dimmed">
          <Trans>VIP</Trans>
        </Text>
        <Text fw={700} fz="xl" data-testid="shop-vip">
          {!me ? '—' : vipActive ? <Trans>Level {me.vip_level}</Trans> : <Trans>No VIP</Trans>}
        </Text>
        {vipEnd && (
          <Text size="xs" c="dimmed" data-testid="shop-vip-end">
            {vipActive ? <Trans>Until {vipEnd}</Trans> : <Trans>Ended {vipEnd}</Trans>}
          </Text>
        )}
      </Card>
      <Card withBorder>
        <Text size="sm" c="dimmed">
          <Trans>Unused package checks</Trans>
        </Text>
        <Text fw={700} fz="xl" data-testid="shop-checks-left">
          {checksLeft ?? '—'}
        </Text>
        <Group gap="xs">
          <Anchor
            size="sm"
            renderRoot={(props) => <Link {...props} to="/app/pointrecord" search={{ view: 'purchases' }} />}
          >
            <Trans>Purchase record</Trans>
          </Anchor>
          <Anchor component={Link} to="/app/rechargerecord" size="sm">
            <Trans>Recharge record</Trans>
          </Anchor>
        </Group>
      </Card>
    </SimpleGrid>
  );
}
