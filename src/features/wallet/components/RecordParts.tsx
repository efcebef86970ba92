import type { ReactNode } from 'react';
import { NativeSelect, Pagination, Paper, Table, Text } from '@mantine/core';

/** The row a record table shows when it has nothing to list. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" ta="center">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** A record's filter: "all" plus one option per value; choosing one goes back to the first page. */
export function RecordFilter<V extends string>({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  options: ReadonlyArray<{ value: V; label: string }>;
  value: V | null;
  onChange(value: V | null): void;
}) {
  return (
    <NativeSelect
      label={label}
      data={[{ value: '', label: allLabel }, ...options]}
      value={value ?? ''}
      onChange={(e) => onChange((e.currentTarget.value as V) || null)}
      maw={260}
    />
  );
}

/** Page links under a record, when it has more than one page. */
export function RecordPager({
  page,
  total,
  pageSize,
  onChange,
}: {
  page: number;
  total: number | undefined;
  pageSize: number;
  onChange(page: number): void;
}) {
  const pages = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  return pages > 1 ? <Pagination value={page} onChange={onChange} total={pages} /> : null;
}

/** One figure over a record (a balance, a total). */
export function Figure({ label, value, testId }: { label: ReactNode; value: string; testId: string }) {
  return (
    <Paper withBorder p="sm" miw={180}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * A record's table, scrolling sideways when the screen is narrower than `minWidth`. The scrolling
 * part takes the keyboard focus, so it can be scrolled without a mouse (axe: scrollable-region-focusable).
 */
export function RecordScroll({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
