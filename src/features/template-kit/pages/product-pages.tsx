import { useState } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Group,
  NumberFormatter,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  CONDITIONS,
  PHONES,
  STATUS_COLORS,
  STOCK_STATUSES,
  formatYuan,
  type Phone,
} from '../content/catalog.ts';
import { KitBadge } from '../components/KitBadge.tsx';
import { Ltr } from '#src/ui/Ltr.tsx';
import { KitPage } from '../components/KitPage.tsx';
import { PhoneImage } from '../components/PhoneImage.tsx';

interface PageProps {
  title: string;
}

function StatusBadge({ phone }: { phone: Phone }) {
  const { i18n } = useLingui();
  return (
    <KitBadge color={STATUS_COLORS[phone.status]} variant="light">
      {i18n._(STOCK_STATUSES[phone.status])}
    </KitBadge>
  );
}

function useFilteredPhones() {
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const phones = PHONES.filter((p) => !q || `${p.brand} ${p.model} ${p.sku}`.toLowerCase().includes(q));
  return { query, setQuery, phones };
}

function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useLingui();
  return (
    <TextInput
      maw={320}
      aria-label={t`Search the stock`}
      placeholder={t`Model, brand or SKU`}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** The stock as a data list: one line per phone, with selection. */
export function DataList({ title }: PageProps) {
  const { t, i18n } = useLingui();
  const { query, setQuery, phones } = useFilteredPhones();
  const [selected, setSelected] = useState<string[]>([]);
  const count = selected.length;
  return (
    <KitPage title={title} intro={<Trans>Second-hand phones in stock, one line each.</Trans>}>
      <Group justify="space-between">
        <SearchBox value={query} onChange={setQuery} />
        <Text size="sm" c="dimmed">
          <Trans>{count} selected</Trans>
        </Text>
      </Group>
      <Stack gap={6}>
        {phones.map((p) => (
          <Paper key={p.sku} withBorder p="sm">
            <Group justify="space-between" wrap="nowrap">
              <Group wrap="nowrap">
                <Checkbox
                  aria-label={t`Select ${p.model}`}
                  checked={selected.includes(p.sku)}
                  onChange={(e) =>
                    setSelected((s) =>
                      e.currentTarget.checked ? [...s, p.sku] : s.filter((x) => x !== p.sku),
                    )
                  }
                />
                <div>
                  <Text fw={600}>
                    {p.model} · {p.storage} GB
                  </Text>
                  <Text size="xs" c="dimmed">
                    {p.sku} · {i18n._(CONDITIONS[p.condition])}
                  </Text>
                </div>
              </Group>
              <Group wrap="nowrap">
                <Text fw={600}>{formatYuan(p.price, i18n.locale)}</Text>
                <StatusBadge phone={p} />
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    </KitPage>
  );
}

/** The stock with a small drawing per phone. */
export function ThumbList({ title }: PageProps) {
  const { i18n } = useLingui();
  const { query, setQuery, phones } = useFilteredPhones();
  return (
    <KitPage title={title} intro={<Trans>The same stock with a thumbnail per phone.</Trans>}>
      <SearchBox value={query} onChange={setQuery} />
      <Stack gap={6}>
        {phones.map((p) => (
          <Paper key={p.sku} withBorder p="xs">
            <Group wrap="nowrap">
              <PhoneImage hue={p.hue} size={56} />
              <div style={{ flex: 1 }}>
                <Text fw={600}>{p.model}</Text>
                <Text size="xs" c="dimmed">
                  {p.brand} · {p.storage} GB · {i18n._(CONDITIONS[p.condition])}
                </Text>
              </div>
              <Text fw={600}>{formatYuan(p.price, i18n.locale)}</Text>
              <StatusBadge phone={p} />
            </Group>
          </Paper>
        ))}
      </Stack>
    </KitPage>
  );
}

/** The stock as cards with large drawings. */
export function ImageList({ title }: PageProps) {
  const { i18n } = useLingui();
  return (
    <KitPage title={title} intro={<Trans>Cards for the shop window screen.</Trans>}>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }}>
        {PHONES.map((p) => (
          <Card key={p.sku} withBorder padding="md">
            <Card.Section
              py="md"
              style={{ display: 'flex', justifyContent: 'center' }}
              bg="var(--mantine-color-default-hover)"
            >
              <PhoneImage hue={p.hue} size={140} />
            </Card.Section>
            <Text fw={600} mt="sm">
              {p.model}
            </Text>
            <Group justify="space-between">
              <Text size="sm">{formatYuan(p.price, i18n.locale)}</Text>
              <StatusBadge phone={p} />
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </KitPage>
  );
}

function Specs({ phone }: { phone: Phone }) {
  const { t, i18n } = useLingui();
  const rows: [string, string][] = [
    [t`Brand`, phone.brand],
    [t`Storage`, `${phone.storage} GB`],
    [t`Condition`, i18n._(CONDITIONS[phone.condition])],
    [t`Battery health`, `${phone.battery}%`],
    ['IMEI', phone.imei],
    ['SKU', phone.sku],
  ];
  return (
    <Table withRowBorders={false}>
      <Table.Tbody>
        {rows.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th w={160}>{k}</Table.Th>
            <Table.Td>
              <Ltr>{v}</Ltr>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One phone: drawing, specs, checks done, and the sale actions. */
export function Details({ title }: PageProps) {
  const { t, i18n } = useLingui();
  const phone = PHONES[0]!;
  return (
    <KitPage title={title}>
      <Paper withBorder p="lg">
        <Group align="flex-start" gap="xl">
          <PhoneImage hue={phone.hue} size={220} />
          <Stack style={{ flex: 1 }} gap="sm">
            <Group>
              <Title order={3}>{phone.model}</Title>
              <StatusBadge phone={phone} />
            </Group>
            <Text size="xl" fw={700}>
              {formatYuan(phone.price, i18n.locale)}
            </Text>
            <Specs phone={phone} />
            <Text size="sm">
              <Trans>Battery health</Trans>
            </Text>
            <Progress value={phone.battery} aria-label={t`Battery health`} />
            <Group>
              <Button>
                <Trans>Reserve for a customer</Trans>
              </Button>
              <Button variant="light">
                <Trans>Print price tag</Trans>
              </Button>
            </Group>
          </Stack>
        </Group>
      </Paper>
    </KitPage>
  );
}

/** One phone, laid out with tabs: overview, checks, history. */
export function DetailsAlt({ title }: PageProps) {
  const { t, i18n } = useLingui();
  const phone = PHONES[3]!;
  const [grade, setGrade] = useState<string>(phone.condition);
  return (
    <KitPage title={title}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="lg" style={{ display: 'flex', justifyContent: 'center' }}>
          <PhoneImage hue={phone.hue} size={260} />
        </Paper>
        <Paper withBorder p="lg">
          <Title order={3}>{phone.model}</Title>
          <Text c="dimmed" size="sm" mb="sm">
            {phone.brand} · {phone.storage} GB
          </Text>
          <Tabs defaultValue="overview">
            <Tabs.List>
              <Tabs.Tab value="overview">{t`Overview`}</Tabs.Tab>
              <Tabs.Tab value="checks">{t`Checks`}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="overview" pt="sm">
              <Specs phone={phone} />
              <Text size="sm" mt="sm">
                <Trans>Grade</Trans>
              </Text>
              <SegmentedControl
                value={grade}
                onChange={setGrade}
                data={Object.entries(CONDITIONS).map(([value, label]) => ({ value, label: i18n._(label) }))}
              />
            </Tabs.Panel>
            <Tabs.Panel value="checks" pt="sm">
              <Stack gap={4}>
                <Text size="sm">
                  ✓ <Trans>Activation lock: off</Trans>
                </Text>
                <Text size="sm">
                  ✓ <Trans>Network lock: unlocked</Trans>
                </Text>
                <Text size="sm">
                  ✓ <Trans>Not reported lost or stolen</Trans>
                </Text>
              </Stack>
            </Tabs.Panel>
          </Tabs>
          <Text size="xl" fw={700} mt="md">
            <NumberFormatter
              prefix="¥"
              value={phone.price}
              thousandSeparator
              decimalScale={2}
              fixedDecimalScale
            />
          </Text>
        </Paper>
      </SimpleGrid>
    </KitPage>
  );
}
