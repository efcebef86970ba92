import { useState } from 'react';
import { Badge, Button, Group, Modal, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '#src/lib/dates.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { Ltr } from '#src/ui/Ltr.tsx';
import { clickHasOwnTarget } from '#src/ui/row-click.ts';
import { CUSTOMERS_PAGE_SIZE, customerListQuery } from '../api/customers-api.ts';
import { SEARCH_DEBOUNCE_MS } from '../api/use-customer-search.ts';
import { maskPhone } from '#src/lib/mask-phone.ts';
import { NewCustomerForm } from './NewCustomerForm.tsx';

/** The shop's customers (/app/customers): found by name, phone or its last four digits; a row opens its page. */
export function CustomersPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [creating, setCreating] = useState(false);
  const list = useQuery(customerListQuery(q, page));
  const rows = list.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / CUSTOMERS_PAGE_SIZE));
  const open = (id: number) => void navigate({ to: '/app/customers/detail', search: { id } });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>Customers</Trans>
        </Title>
        <Button onClick={() => setCreating(true)} data-testid="customers-new">
          <Trans>New customer</Trans>
        </Button>
      </Group>
      <DataAsOf query={list} />
      <TextInput
        placeholder={t`Name, phone or its last 4 digits`}
        aria-label={t`Search customers`}
        value={typed}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
        data-testid="customers-search"
      />
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover data-testid="customers-table" data-total={list.data?.total ?? ''}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Name`}</Table.Th>
              <Table.Th>{t`Phones`}</Table.Th>
              <Table.Th>{t`Tags`}</Table.Th>
              <Table.Th>{t`Open tickets`}</Table.Th>
              <Table.Th>{t`Last change`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.id}
                style={{ cursor: 'pointer' }}
                onClick={(event) => {
                  if (!clickHasOwnTarget(event.target)) open(row.id);
                }}
                data-testid="customer-row"
                data-customer-id={row.id}
              >
                <Table.Td>
                  <Button variant="subtle" size="compact-sm" onClick={() => open(row.id)}>
                    {row.name}
                  </Button>
                </Table.Td>
                <Table.Td>
                  <Ltr>{row.phones.map(maskPhone).join(', ') || '—'}</Ltr>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {row.tags.map((tag) => (
                      <Badge key={tag} variant="light" size="sm">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{row.open_tickets}</Table.Td>
                <Table.Td>{formatDateTime(row.updated_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.isSuccess && rows.length === 0 && (
        <Text c="dimmed" data-testid="customers-empty">
          {q ? <Trans>No customer matches.</Trans> : <Trans>No customers yet.</Trans>}
        </Text>
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={t`New customer`}
        size="lg"
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        <NewCustomerForm
          initial={typed}
          onCreated={(row) => open(row.id)}
          onPickExisting={open}
          onCancel={() => setCreating(false)}
        />
      </Modal>
    </Stack>
  );
}
