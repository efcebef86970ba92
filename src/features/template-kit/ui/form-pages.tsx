import { useState } from 'react';
import {
  Button,
  Checkbox,
  Chip,
  Grid,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  PinInput,
  Radio,
  Rating,
  SegmentedControl,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { normalizeAmountInput } from '#src/lib/amount.ts';
import { notify } from '#src/ui/notify.ts';
import { BRANCHES, REPAIR_SERVICES } from '../content/catalog.ts';
import { KitPage } from '../components/KitPage.tsx';
import { DEMO_ASYNC_SAVE_MS, wait } from '../demo-timings.ts';
import { validateCustomer, type CustomerDraft } from './validation-model.ts';

interface PageProps {
  title: string;
}

function useServiceOptions() {
  const { i18n } = useLingui();
  return REPAIR_SERVICES.map((s) => ({ value: s.id, label: i18n._(s.name) }));
}

/** The same repair intake in three layouts: stacked, two columns, inline. */
export function Layouts({ title }: PageProps) {
  const { t } = useLingui();
  const services = useServiceOptions();
  return (
    <KitPage title={title}>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Paper withBorder p="lg">
          <Title order={3} size="h5" mb="sm">
            <Trans>Stacked</Trans>
          </Title>
          <Stack gap="sm">
            <TextInput label={t`Customer name`} />
            <TextInput label={t`Phone number`} />
            <Select label={t`Service`} data={services} />
            <Button style={{ alignSelf: 'flex-start' }}>{t`Save`}</Button>
          </Stack>
        </Paper>
        <Paper withBorder p="lg">
          <Title order={3} size="h5" mb="sm">
            <Trans>Two columns</Trans>
          </Title>
          <Grid>
            <Grid.Col span={6}>
              <TextInput label={t`Customer name`} />
            </Grid.Col>
            <Grid.Col span={6}>
              <TextInput label={t`Phone number`} />
            </Grid.Col>
            <Grid.Col span={6}>
              <TextInput label={t`Device model`} />
            </Grid.Col>
            <Grid.Col span={6}>
              <TextInput label="IMEI" />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea label={t`Fault description`} />
            </Grid.Col>
          </Grid>
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="lg">
        <Title order={3} size="h5" mb="sm">
          <Trans>Inline</Trans>
        </Title>
        <Group align="flex-end">
          <TextInput label={t`Repair number`} placeholder="R-20261122-07" />
          <Select label={t`Service`} data={services} />
          <Button>{t`Find`}</Button>
        </Group>
      </Paper>
    </KitPage>
  );
}

/** Every input the product uses, including its amount field (lib/amount). */
export function FormComponents({ title }: PageProps) {
  const { t } = useLingui();
  const services = useServiceOptions();
  const [amount, setAmount] = useState('');
  return (
    <KitPage title={title}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="lg">
          <Stack gap="sm">
            <TextInput label={t`Text`} placeholder={t`Customer name`} />
            <TextInput
              label={t`Amount (the product's amount helper)`}
              description={t`Digits and one dot, two decimals at most`}
              value={amount}
              inputMode="decimal"
              onChange={(e) => setAmount(normalizeAmountInput(e.currentTarget.value, 2))}
              data-testid="amount-input"
            />
            <NumberInput label={t`Number`} defaultValue={1} min={1} max={99} />
            <Select label={t`Select`} data={services} defaultValue="screen" />
            <MultiSelect label={t`Multiple select`} data={services} defaultValue={['battery']} />
            <Textarea label={t`Text area`} autosize minRows={2} />
          </Stack>
        </Paper>
        <Paper withBorder p="lg">
          <Stack gap="md">
            <Checkbox label={t`Customer agrees to a data wipe`} defaultChecked />
            <Switch label={t`Send an SMS when ready`} defaultChecked />
            <Radio.Group label={t`Pick-up`} defaultValue="shop">
              <Group mt={4}>
                <Radio value="shop" label={t`At the shop`} />
                <Radio value="courier" label={t`By courier`} />
              </Group>
            </Radio.Group>
            <SegmentedControl data={[t`Low`, t`Normal`, t`Urgent`]} defaultValue={t`Normal`} />
            <div>
              <Text size="sm">{t`Battery health`}</Text>
              <Slider defaultValue={86} label={(v) => `${v}%`} thumbLabel={t`Battery health`} />
            </div>
            <div>
              <Text size="sm">{t`Rating`}</Text>
              <Rating defaultValue={4} />
            </div>
            <div>
              <Text size="sm">{t`SMS code`}</Text>
              <PinInput length={6} type="number" aria-label={t`SMS code`} />
            </div>
            <Chip.Group multiple defaultValue={['hq']}>
              <Group gap={6}>
                {BRANCHES.map((b) => (
                  <Chip key={b.id} value={b.id} size="xs">
                    {b.id.toUpperCase()}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
        </Paper>
      </SimpleGrid>
    </KitPage>
  );
}

const CITIES = [
  { value: 'sz', label: 'Shenzhen' },
  { value: 'gz', label: 'Guangzhou' },
  { value: 'hz', label: 'Hangzhou' },
  { value: 'cd', label: 'Chengdu' },
];

/** The validation demo: the spec's messages next to each field, then a 3 s asynchronous save. */
export function Validations({ title }: PageProps) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<CustomerDraft>({ firstName: '', lastName: '', city: null, state: null });
  const [errors, setErrors] = useState<Partial<Record<keyof CustomerDraft, MessageDescriptor>>>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const change = (patch: Partial<CustomerDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setSaved(false);
  };
  const err = (field: keyof CustomerDraft) => (errors[field] ? i18n._(errors[field]) : undefined);
  const cityLabels: Record<string, string> = {
    sz: t`Shenzhen`,
    gz: t`Guangzhou`,
    hz: t`Hangzhou`,
    cd: t`Chengdu`,
  };
  return (
    <KitPage
      title={title}
      intro={<Trans>Leave a field empty and submit: the message shows next to it.</Trans>}
    >
      <Paper withBorder p="lg" maw={640}>
        <form
          noValidate
          data-testid="validation-form"
          onSubmit={(event) => {
            event.preventDefault();
            const problems = validateCustomer(draft);
            setErrors(problems);
            if (Object.keys(problems).length > 0) return;
            setSaving(true);
            // The spec's 3-second asynchronous save.
            void wait(DEMO_ASYNC_SAVE_MS).then(() => {
              setSaving(false);
              setSaved(true);
              notify('success', t`Customer saved`);
            });
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t`First name`}
              withAsterisk
              value={draft.firstName}
              error={err('firstName')}
              onChange={(e) => change({ firstName: e.currentTarget.value })}
              name="firstName"
            />
            <TextInput
              label={t`Last name`}
              withAsterisk
              value={draft.lastName}
              error={err('lastName')}
              onChange={(e) => change({ lastName: e.currentTarget.value })}
              name="lastName"
            />
            <Select
              label={t`City`}
              withAsterisk
              value={draft.city}
              error={err('city')}
              onChange={(city) => change({ city })}
              data={CITIES.map((c) => ({ value: c.value, label: cityLabels[c.value] ?? c.label }))}
              name="city"
            />
            <Select
              label={t`State`}
              withAsterisk
              value={draft.state}
              error={err('state')}
              onChange={(state) => change({ state })}
              data={[
                { value: 'gd', label: t`Guangdong` },
                { value: 'zj', label: t`Zhejiang` },
                { value: 'sc', label: t`Sichuan` },
              ]}
              name="state"
            />
          </SimpleGrid>
          <Group mt="md">
            <Button type="submit" loading={saving} data-testid="validation-submit">
              <Trans>Submit</Trans>
            </Button>
            {saved && (
              <Text c="teal" size="sm" data-testid="validation-saved">
                <IconCheck size={16} aria-hidden /> <Trans>Saved</Trans>
              </Text>
            )}
          </Group>
        </form>
      </Paper>
    </KitPage>
  );
}
