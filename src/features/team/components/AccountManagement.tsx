import { useState } from 'react';
import { Badge, Button, Group, Modal, Pagination, Stack, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EmployeeRow } from '#contract/schemas/team.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { useTabletLayout } from '#src/ui/use-tablet-layout.ts';
import { PAGE_SIZE, employeeListQuery } from '../api/team-api.ts';
import { EmployeeForm } from './EmployeeForm.tsx';

/**
 * Account management (Admin only): the shop's employees, added, edited, disabled. A row opens its
 * editor; on a tablet the WeChat and last sign-in columns give way, so that the status and the edit
 * button stay on screen (issue 27: a table's actions out of sight at 768 px).
 */
export function AccountManagement() {
  const { t } = useLingui();
  const tablet = useTabletLayout();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const [editing, setEditing] = useState<EmployeeRow | 'new' | null>(null);
  const list = useQuery(employeeListQuery(page, debounced));
  const rows = list.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>Account management</Trans>
        </Title>
        <Button onClick={() => setEditing('new')}>
          <Trans>Add employee</Trans>
        </Button>
      </Group>
      <DataAsOf query={list} />
      <TextInput
        placeholder={t`Search username, name or phone`}
        aria-label={t`Search employees`}
        value={keyword}
        onChange={(e) => {
          setKeyword(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <Table.ScrollContainer minWidth={tablet ? 560 : 720}>
        <Table striped highlightOnHover data-testid="employee-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Username`}</Table.Th>
              <Table.Th>{t`Name`}</Table.Th>
              <Table.Th>{t`Role`}</Table.Th>
              <Table.Th>{t`Phone`}</Table.Th>
              {!tablet && <Table.Th>{t`WeChat`}</Table.Th>}
              {!tablet && <Table.Th>{t`Last sign-in`}</Table.Th>}
              <Table.Th>{t`Status`}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.user_id}
                data-testid={`employee-${row.username}`}
                onClick={() => setEditing(row)}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td>{row.username}</Table.Td>
                <Table.Td>{row.real_name}</Table.Td>
                <Table.Td>{row.role === 0 ? t`Admin` : t`Editor`}</Table.Td>
                <Table.Td>{row.phone_number || '—'}</Table.Td>
                {!tablet && <Table.Td>{row.wx_bound ? t`Bound` : '—'}</Table.Td>}
                {!tablet && <Table.Td>{formatDateTime(row.last_login_at) || '—'}</Table.Td>}
                <Table.Td>
                  <Badge color={row.disabled ? 'gray' : 'teal'} variant="light">
                    {row.disabled ? t`Disabled` : t`Active`}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant="subtle" onClick={() => setEditing(row)}>
                    <Trans>Edit</Trans>
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t`Add employee` : t`Edit employee`}
        centered
      >
        {editing !== null && (
          <EmployeeForm employee={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </Stack>
  );
}
