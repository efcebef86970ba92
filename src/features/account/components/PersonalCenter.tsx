import { Anchor, Avatar, Card, Group, Loader, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '#src/lib/dates.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { userCenterQuery } from '../api/account-api.ts';
import { PasswordForm } from './PasswordForm.tsx';
import { SmsPasswordForm } from './SmsPasswordForm.tsx';
import { PhoneBindingForm } from './PhoneBindingForm.tsx';
import { WechatBinding } from './WechatBinding.tsx';

/**
 * The personal center (spec section 2): who I am, the shop's wallet and VIP, and my sign-in
 * settings. `rawPhone` is the bound phone as the session knows it (the profile shows it masked).
 */
export function PersonalCenter({ rawPhone, onUserChanged }: { rawPhone: string; onUserChanged(): void }) {
  const { t } = useLingui();
  const center = useQuery(userCenterQuery());
  if (!center.data) return center.isPending ? <Loader m="xl" /> : null;
  const me = center.data;
  const changed = () => {
    void center.refetch();
    onUserChanged();
  };
  return (
    <Stack>
      <Title order={2}>
        <Trans>Personal center</Trans>
      </Title>
      <DataAsOf query={center} />
      <Card withBorder>
        <Group>
          <Avatar src={me.avatar || null} size="lg" radius="xl" alt="" />
          <div>
            <Text fw={600} fz="lg" data-testid="pc-username">
              {me.username}
            </Text>
            <Text c="dimmed" size="sm">
              {me.real_name} · {me.account_name} · {me.role === 0 ? t`Admin` : t`Editor`}
            </Text>
          </div>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            <Trans>Points</Trans>
          </Text>
          <Text fw={600} fz="lg" data-testid="pc-points">
            {(me.integral / 100).toFixed(2)}
          </Text>
          {me.frozen_integral > 0 && (
            <Text size="xs" c="dimmed">
              <Trans>Frozen: {(me.frozen_integral / 100).toFixed(2)}</Trans>
            </Text>
          )}
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            <Trans>VIP until</Trans>
          </Text>
          <Text fw={600} fz="lg">
            {formatDateTime(me.vip_end_time, 'YYYY-MM-DD') || '—'}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            <Trans>Phone</Trans>
          </Text>
          <Text fw={600} fz="lg" data-testid="pc-phone">
            {me.phone_number || t`Not bound`}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed" mb={4}>
            <Trans>WeChat</Trans>
          </Text>
          <WechatBinding bound={me.wx_bound} onChanged={changed} />
        </Card>
      </SimpleGrid>
      <Group gap="lg" data-testid="pc-records">
        <Anchor component={Link} to="/app/pointrecord">
          <Trans>Point record</Trans>
        </Anchor>
        <Anchor component={Link} to="/app/rechargerecord">
          <Trans>Recharge record</Trans>
        </Anchor>
        <Anchor
          renderRoot={(props) => <Link {...props} to="/app/pointrecord" search={{ view: 'purchases' }} />}
        >
          <Trans>Purchase record</Trans>
        </Anchor>
        <Anchor component={Link} to="/app/shoppingcenter/shoppingcenter">
          <Trans>Buy packages or recharge</Trans>
        </Anchor>
      </Group>
      <Card withBorder>
        {/* Every panel stays mounted: a half-filled form survives switching tabs, like leaving the page. */}
        <Tabs defaultValue="password">
          <Tabs.List>
            <Tabs.Tab value="password">{t`Change password`}</Tabs.Tab>
            <Tabs.Tab value="sms">{t`Change password by SMS`}</Tabs.Tab>
            <Tabs.Tab value="phone">{me.phone_number ? t`Change phone` : t`Bind phone`}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="password" pt="md">
            <PasswordForm />
          </Tabs.Panel>
          <Tabs.Panel value="sms" pt="md">
            <SmsPasswordForm maskedPhone={me.phone_number} rawPhone={rawPhone} />
          </Tabs.Panel>
          <Tabs.Panel value="phone" pt="md">
            <PhoneBindingForm onBound={changed} />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}
