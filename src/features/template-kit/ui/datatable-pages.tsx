import { useMemo, useState } from 'react';
import { Group, Pagination, Paper, ScrollArea, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  CONDITIONS,
  PHONES,
  STATUS_COLORS,
  STOCK_STATUSES,
  formatYuan,
  type Phone,
} from '../content/catalog.ts';
import { KitBadge } from '../components/KitBadge.tsx';
import { KitPage } from '../components/KitPage.tsx';

interface PageProps {
  title: string;
}

type SortKey = 'model' | 'storage' | 'price' | 'battery';

/** Repairs of the last days, generated from the stock: 48 rows for paging and scrolling. */
function repairRows() {
  return Array.from({ length: 48 }, (_, i) => {
    const phone = PHONES[i % PHONES.length]!;
    return {
      id: `R-202611${String(22 - (i % 20)).padStart(2, '0')}-${String(i + 1).padStart(2, '0')}`,
      phone,
      technician: ['王', '李', '张', '陈'][i % 4]!,
      price: 199 + ((i * 37) % 700),
    };
  });
}

function useHeaders() {
  const { t } = useLingui();
  return { model: t`Model`, storage: t`Storage`, price: t`Price`, battery: t`Battery health` } as Record<
    SortKey,
    string
  >;
}

function SortHeader({
  label,
  active,
  dir,
  onClick,
}: {
  label: string;
  active: boolean;
  dir: 1 | -1;
  onClick: () => void;
}) {
  const Icon = !active ? IconSelector : dir === 1 ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={active ? (dir === 1 ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={onClick}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
      >
        {label} <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

/** The default data table: search, sort by column, pages of 5. */
export function DefaultTable({ title }: PageProps) {
  const { t, i18n } = useLingui();
  const headers = useHeaders();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; dir: 1 | -1 }>({ key: 'price', dir: -1 });
  const [page, setPage] = useState(1);
  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    return PHONES.filter((p) => !q || `${p.brand} ${p.model}`.toLowerCase().includes(q)).sort((a, b) => {
      const x = a[sort.key];
      const y = b[sort.key];
      return (typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y)) * sort.dir;
    });
  }, [query, sort]);
  const pages = Math.max(1, Math.ceil(rows.length / 5));
  const shown = rows.slice((page - 1) * 5, page * 5);
  const header = (key: SortKey) => (
    <SortHeader
      label={headers[key]}
      active={sort.key === key}
      dir={sort.dir}
      onClick={() => setSort((s) => ({ key, dir: s.key === key ? (-s.dir as 1 | -1) : 1 }))}
    />
  );
  return (
    <KitPage title={title}>
      <TextInput
        maw={320}
        aria-label={t`Search the stock`}
        placeholder={t`Model or brand`}
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setPage(1);
        }}
      />
      <Paper withBorder>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {header('model')}
              {header('storage')}
              {header('battery')}
              {header('price')}
              <Table.Th>{t`Status`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((p: Phone) => (
              <Table.Tr key={p.sku}>
                <Table.Td>{p.model}</Table.Td>
                <Table.Td>{p.storage} GB</Table.Td>
                <Table.Td>{p.battery}%</Table.Td>
                <Table.Td>{formatYuan(p.price, i18n.locale)}</Table.Td>
                <Table.Td>
                  <KitBadge color={STATUS_COLORS[p.status]} variant="light">
                    {i18n._(STOCK_STATUSES[p.status])}
                  </KitBadge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Pagination
        total={pages}
        value={page}
        onChange={setPage}
        aria-label={t({ message: 'Pages', context: 'pagination' })}
        getControlProps={(control) => ({
          'aria-label': control === 'next' ? t`Next page` : t`Previous page`,
        })}
      />
    </KitPage>
  );
}

/** A divided table: rows grouped by condition, each group under its own heading row. */
export function DividedTable({ title }: PageProps) {
  const { t, i18n } = useLingui();
  return (
    <KitPage title={title}>
      <Paper withBorder>
        <Table withColumnBorders withRowBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Model`}</Table.Th>
              <Table.Th>IMEI</Table.Th>
              <Table.Th style={{ textAlign: 'end' }}>{t`Price`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          {(Object.keys(CONDITIONS) as (keyof typeof CONDITIONS)[]).map((condition) => {
            const group = PHONES.filter((p) => p.condition === condition);
            const count = group.length;
            return (
              <Table.Tbody key={condition}>
                <Table.Tr bg="var(--mantine-color-default-hover)">
                  <Table.Th colSpan={3}>
                    {i18n._(CONDITIONS[condition])}{' '}
                    <Text span size="xs" c="dimmed">
                      <Trans>
                        (<Plural value={count} one="# phone" other="# phones" />)
                      </Trans>
                    </Text>
                  </Table.Th>
                </Table.Tr>
                {group.map((p) => (
                  <Table.Tr key={p.sku}>
                    <Table.Td>{p.model}</Table.Td>
                    <Table.Td ff="monospace">{p.imei}</Table.Td>
                    <Table.Td style={{ textAlign: 'end' }}>{formatYuan(p.price, i18n.locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            );
          })}
        </Table>
      </Paper>
    </KitPage>
  );
}

/** A scrollable table: 48 repairs, sticky header, scrolls inside its own box. */
export function ScrollableTable({ title }: PageProps) {
  const { t, i18n } = useLingui();
  const rows = useMemo(() => repairRows(), []);
  return (
    <KitPage title={title}>
      <Paper withBorder>
        <ScrollArea h={420} type="auto" viewportProps={{ tabIndex: 0, 'aria-label': t`Repairs` }}>
          <Table stickyHeader miw={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Repair number`}</Table.Th>
                <Table.Th>{t`Model`}</Table.Th>
                <Table.Th>IMEI</Table.Th>
                <Table.Th>{t`Technician`}</Table.Th>
                <Table.Th style={{ textAlign: 'end' }}>{t`Price`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td ff="monospace">{r.id}</Table.Td>
                  <Table.Td>{r.phone.model}</Table.Td>
                  <Table.Td ff="monospace">{r.phone.imei}</Table.Td>
                  <Table.Td>{r.technician}</Table.Td>
                  <Table.Td style={{ textAlign: 'end' }}>{formatYuan(r.price, i18n.locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
      <Group>
        <Text size="sm" c="dimmed">
          <Trans>{rows.length} repairs</Trans>
        </Text>
      </Group>
    </KitPage>
  );
}
