// The template kit's feedback components (spec section 2, UI > components): alerts and notifications, badges, buttons with their states, icons, modals, popovers and tooltips.
import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Popover,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconBattery2,
  IconCheck,
  IconCurrencyYuan,
  IconDeviceMobile,
  IconInfoCircle,
  IconLock,
  IconPackage,
  IconPackageImport,
  IconPrinter,
  IconSearch,
  IconShoppingCart,
  IconTool,
  IconTrash,
  IconTruckDelivery,
  IconX,
} from '@tabler/icons-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { notify } from '#src/ui/notify.ts';
import { KitBadge } from '../components/KitBadge.tsx';
import { KitPage } from '../components/KitPage.tsx';
import { DEMO_ERROR_ICON_MS, DEMO_SPINNER_MS, wait } from '../demo-timings.ts';
import { KitSection } from '../components/KitSection.tsx';

interface PageProps {
  title: string;
}

/** Alerts and the product's notifications (2 s by default, spec section 9). */
export function Alerts({ title }: PageProps) {
  const { t } = useLingui();
  return (
    <KitPage title={title}>
      <KitSection title={<Trans>Alerts</Trans>}>
        <Stack gap="sm">
          <Alert
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
            color="blue"
            icon={<IconInfoCircle aria-hidden />}
            title={t`Parts on the way`}
          >
            <Trans>The iPhone 14 screens arrive tomorrow morning.</Trans>
          </Alert>
          <Alert
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
            color="teal"
            icon={<IconCheck aria-hidden />}
            title={t`Repair done`}
          >
            <Trans>R-20261122-07 passed its tests and is ready for pick-up.</Trans>
          </Alert>
          <Alert
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
            color="orange"
            icon={<IconAlertCircle aria-hidden />}
            title={t`Low points`}
          >
            <Trans>The shop has points for about 20 more checks.</Trans>
          </Alert>
          <Alert
            color="red"
            icon={<IconX aria-hidden />}
            title={t`Activation lock on`}
            withCloseButton
            closeButtonLabel={t`Close`}
          >
            <Trans>Do not buy this phone until the seller signs out of their account.</Trans>
          </Alert>
        </Stack>
      </KitSection>
      <KitSection title={<Trans>Notifications</Trans>}>
        <Group>
          <Button color="teal.9" onClick={() => notify('success', t`Saved`)}>
            {t`Success`}
          </Button>
          <Button
            color="orange.9"
            c="black"
            onClick={() => notify('warning', t`Please check your network connection`)}
          >
            {t`Warning`}
          </Button>
          <Button color="red.9" onClick={() => notify('error', t`Request timed out`)}>
            {t`Error`}
          </Button>
        </Group>
      </KitSection>
    </KitPage>
  );
}

/** The order badges the spec's icon names hint at (section 4), and the product's status badges. */
const ORDER_BADGES = [
  { label: msg`To be received`, color: 'blue', Icon: IconPackageImport },
  { label: msg`To be shipped`, color: 'grape', Icon: IconTruckDelivery },
  { label: msg`Not yet stored`, color: 'red', Icon: IconPackage },
  { label: msg`Stored`, color: 'teal', Icon: IconCheck },
  { label: msg`No storage needed`, color: 'gray', Icon: IconX },
];

export function Badges({ title }: PageProps) {
  const { i18n } = useLingui();
  return (
    <KitPage title={title}>
      <KitSection title={<Trans>Order badges</Trans>}>
        <Group>
          {ORDER_BADGES.map(({ label, color, Icon }) => (
            <KitBadge
              key={label.id}
              color={color}
              leftSection={<Icon size={12} aria-hidden />}
              size="lg"
              variant="light"
            >
              {i18n._(label)}
            </KitBadge>
          ))}
        </Group>
      </KitSection>
      <KitSection title={<Trans>Variants and sizes</Trans>}>
        <Group>
          {(['filled', 'light', 'outline', 'dot'] as const).map((variant) => (
            <Badge key={variant} variant={variant}>
              VIP
            </Badge>
          ))}
          {(['xs', 'sm', 'md', 'lg', 'xl'] as const).map((size) => (
            <Badge key={size} size={size} color="grape">
              5G
            </Badge>
          ))}
        </Group>
      </KitSection>
    </KitPage>
  );
}

type ButtonState = 'idle' | 'busy' | 'ok' | 'failed';

/** A button that works 2 s, then shows success, or an error icon for 3 s (spec section 9). */
function StateButton({ fails }: { fails: boolean }) {
  const { t } = useLingui();
  const [state, setState] = useState<ButtonState>('idle');
  const run = async () => {
    setState('busy');
    await wait(DEMO_SPINNER_MS);
    setState(fails ? 'failed' : 'ok');
    await wait(DEMO_ERROR_ICON_MS);
    setState('idle');
  };
  return (
    <Button
      loading={state === 'busy'}
      color={state === 'failed' ? 'red.9' : state === 'ok' ? 'teal.9' : undefined}
      leftSection={
        state === 'failed' ? (
          <IconX size={16} aria-hidden />
        ) : state === 'ok' ? (
          <IconCheck size={16} aria-hidden />
        ) : undefined
      }
      onClick={() => void run()}
      data-testid={fails ? 'state-button-fail' : 'state-button-ok'}
      data-state={state}
    >
      {fails ? t`Sync with the supplier` : t`Print the label`}
    </Button>
  );
}

export function Buttons({ title }: PageProps) {
  const { t } = useLingui();
  return (
    <KitPage title={title}>
      <KitSection title={<Trans>Variants</Trans>}>
        <Group>
          {(['filled', 'light', 'outline', 'subtle', 'default', 'gradient'] as const).map((variant) => (
            <Button key={variant} variant={variant}>
              {t`New repair`}
            </Button>
          ))}
        </Group>
      </KitSection>
      <KitSection title={<Trans>With icons and sizes</Trans>}>
        <Group>
          <Button leftSection={<IconPrinter size={16} aria-hidden />} size="xs">
            {t`Print`}
          </Button>
          <Button leftSection={<IconShoppingCart size={16} aria-hidden />} size="sm">
            {t`Buy points`}
          </Button>
          <Button rightSection={<IconTrash size={16} aria-hidden />} color="red.9" size="md">
            {t`Delete`}
          </Button>
          <ActionIcon variant="light" size="lg" aria-label={t`Search`}>
            <IconSearch size={18} />
          </ActionIcon>
          <Button disabled>{t`Disabled`}</Button>
        </Group>
      </KitSection>
      <KitSection title={<Trans>Buttons with state (2 s work, 3 s error icon)</Trans>}>
        <Group>
          <StateButton fails={false} />
          <StateButton fails />
        </Group>
      </KitSection>
    </KitPage>
  );
}

/** The product's icons and what each stands for. */
const ICONS = [
  { Icon: IconDeviceMobile, label: msg`Device` },
  { Icon: IconTool, label: msg`Repair` },
  { Icon: IconLock, label: msg`Activation lock` },
  { Icon: IconBattery2, label: msg`Battery` },
  { Icon: IconCurrencyYuan, label: msg`Points` },
  { Icon: IconTruckDelivery, label: msg`Shipping` },
  { Icon: IconPackageImport, label: msg`Receiving` },
  { Icon: IconShoppingCart, label: msg`Shopping` },
  { Icon: IconPrinter, label: msg`Print` },
  { Icon: IconSearch, label: msg`Search` },
];

export function Icons({ title }: PageProps) {
  const { i18n } = useLingui();
  return (
    <KitPage title={title} intro={<Trans>Tabler icons, as the menu and the pages use them.</Trans>}>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {ICONS.map(({ Icon, label }) => (
          <Paper key={label.id} withBorder p="md">
            <Stack align="center" gap={4}>
              <Icon size={28} stroke={1.6} aria-hidden />
              <Text size="sm">{i18n._(label)}</Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </KitPage>
  );
}

export function ModalPage({ title }: PageProps) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  return (
    <KitPage title={title}>
      <Group>
        <Button color="red.9" onClick={() => setOpened(true)}>
          {t`Delete repair R-20261122-07`}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t`Delete this repair?`}
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        <Text size="sm">
          <Trans>The repair and its photos are removed. The customer is not told.</Trans>
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setOpened(false)}>
            {t`Cancel`}
          </Button>
          <Button color="red.9" onClick={() => setOpened(false)}>
            {t`Delete`}
          </Button>
        </Group>
      </Modal>
    </KitPage>
  );
}

export function PopoverTooltip({ title }: PageProps) {
  const { t } = useLingui();
  return (
    <KitPage title={title}>
      <Group>
        <Tooltip label={t`Checks the activation lock of this IMEI`} withArrow>
          <Button variant="light">{t`Activation lock`}</Button>
        </Tooltip>
        <Popover width={260} withArrow shadow="md">
          <Popover.Target>
            <Button>{t`Battery details`}</Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Text size="sm">
              <Trans>Battery health 87%, 612 charge cycles. Replace under 80%.</Trans>
            </Text>
          </Popover.Dropdown>
        </Popover>
      </Group>
    </KitPage>
  );
}
