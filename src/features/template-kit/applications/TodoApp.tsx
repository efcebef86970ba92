import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { TODO_TITLE_MAX, type TodoItem } from '#contract/schemas/template-kit.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { todoListQuery, useTodoWrites, type ShownTodo } from '../api/kit-api.ts';
import { KitPage } from '../components/KitPage.tsx';
import { LoadError } from '../components/LoadError.tsx';
import { filterTodos, type TodoFilter } from '../todo-model.ts';

const CATEGORIES: Record<TodoItem['category'], MessageDescriptor> = {
  repair: msg`Repair`,
  stock: msg`Stock`,
  shop: msg`Shop`,
};
const CATEGORY_COLORS: Record<TodoItem['category'], string> = {
  repair: 'blue',
  stock: 'orange',
  shop: 'grape',
};

/** The shop's todo list (issue 14): kept on the server per shop, usable offline through the outbox. */
export function TodoApp({ title }: { title: string }) {
  const { t, i18n } = useLingui();
  const list = useQuery(todoListQuery());
  const { add, edit, remove } = useTodoWrites();
  const [draft, setDraft] = useState('');
  const [category, setCategory] = useState<TodoItem['category']>('repair');
  const [filter, setFilter] = useState<TodoFilter>('all');
  const [editing, setEditing] = useState<{ id: number; title: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const text = draft.trim();
    if (!text) return setError(t`Please enter what needs doing`);
    setError(null);
    add.mutate({ title: text, category });
    setDraft('');
  };
  const items = filterTodos(list.data?.list ?? [], filter);

  return (
    <KitPage
      title={title}
      intro={<Trans>The shop's shared list: every employee sees and ticks the same items.</Trans>}
    >
      <DataAsOf query={list} />
      <Paper withBorder p="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Group align="flex-start" wrap="wrap">
            <TextInput
              style={{ flex: 1, minWidth: 220 }}
              label={t`New item`}
              placeholder={t`e.g. Call the customer about the iPhone 12 screen`}
              value={draft}
              maxLength={TODO_TITLE_MAX}
              error={error}
              onChange={(event) => setDraft(event.currentTarget.value)}
              data-testid="todo-input"
            />
            <Select
              label={t`Category`}
              w={140}
              allowDeselect={false}
              value={category}
              onChange={(value) => value && setCategory(value as TodoItem['category'])}
              data={Object.entries(CATEGORIES).map(([value, label]) => ({ value, label: i18n._(label) }))}
            />
            <Button type="submit" mt={25} data-testid="todo-add">
              <Trans>Add</Trans>
            </Button>
          </Group>
        </form>
      </Paper>
      <SegmentedControl
        value={filter}
        onChange={(value) => setFilter(value as TodoFilter)}
        data={[
          { value: 'all', label: t`All` },
          { value: 'active', label: t`To do` },
          { value: 'done', label: t`Done` },
        ]}
        aria-label={t`Filter`}
        data-testid="todo-filter"
      />
      {list.isError && !list.data ? (
        <LoadError code="error:getTodoItems" onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Loader aria-label={t`Loading`} />
      ) : items.length === 0 ? (
        <Text c="dimmed">
          <Trans>Nothing here.</Trans>
        </Text>
      ) : (
        <Stack gap="xs" data-testid="todo-list">
          {items.map((item: ShownTodo) => (
            <Paper
              key={item.id}
              withBorder
              p="sm"
              data-testid="todo-item"
              data-id={item.id}
              data-done={item.done}
              data-pending={!!item.pending}
            >
              <Group justify="space-between" wrap="nowrap">
                <Group wrap="nowrap" gap="sm" style={{ flex: 1 }}>
                  <Checkbox
                    checked={item.done}
                    disabled={item.pending}
                    aria-label={t`Done: ${item.title}`}
                    onChange={(event) => edit.mutate({ id: item.id, done: event.currentTarget.checked })}
                  />
                  {editing?.id === item.id ? (
                    <form
                      style={{ flex: 1 }}
                      onSubmit={(event) => {
                        event.preventDefault();
                        const text = editing.title.trim();
                        if (text) edit.mutate({ id: item.id, title: text });
                        setEditing(null);
                      }}
                    >
                      <Group gap="xs" wrap="nowrap">
                        <TextInput
                          style={{ flex: 1 }}
                          aria-label={t`Title`}
                          value={editing.title}
                          maxLength={TODO_TITLE_MAX}
                          onChange={(event) => setEditing({ id: item.id, title: event.currentTarget.value })}
                          autoFocus
                        />
                        <ActionIcon type="submit" variant="light" aria-label={t`Save`}>
                          <IconCheck size={18} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={t`Cancel`}
                          onClick={() => setEditing(null)}
                        >
                          <IconX size={18} />
                        </ActionIcon>
                      </Group>
                    </form>
                  ) : (
                    <div style={{ flex: 1 }}>
                      <Text td={item.done ? 'line-through' : undefined} c={item.done ? 'dimmed' : undefined}>
                        {item.id > 0 && (
                          <Text span c="dimmed" size="sm">
                            #{item.id}{' '}
                          </Text>
                        )}
                        {item.title}
                      </Text>
                      {item.pending ? (
                        <Text size="xs" c="dimmed">
                          <Trans>Waiting to be sent</Trans>
                        </Text>
                      ) : (
                        item.created_by && (
                          <Text size="xs" c="dimmed">
                            <Trans>Added by {item.created_by}</Trans>
                          </Text>
                        )
                      )}
                    </div>
                  )}
                </Group>
                <Group gap={4} wrap="nowrap">
                  <Badge color={CATEGORY_COLORS[item.category]} variant="light">
                    {i18n._(CATEGORIES[item.category])}
                  </Badge>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    disabled={item.pending}
                    aria-label={t`Edit: ${item.title}`}
                    onClick={() => setEditing({ id: item.id, title: item.title })}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={item.pending}
                    aria-label={t`Delete: ${item.title}`}
                    onClick={() => remove.mutate(item.id)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </KitPage>
  );
}
