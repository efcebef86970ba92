import { useState } from 'react';
import {
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { TODO_TITLE_MAX } from '#contract/values/template-kit.ts';
import type { TodoItem } from '#contract/schemas/template-kit.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { todoListQuery, useTodoWrites, type ShownTodo } from '../api/kit-api.ts';
import { KitPage } from '../components/KitPage.tsx';
import { LoadError } from '../components/LoadError.tsx';
import { filterTodos, type TodoFilter } from '../todo-model.ts';
import { CATEGORIES } from './todo-categories.ts';
import { TodoItemRow, type TodoEditing } from './TodoItemRow.tsx';

/** The shop's todo list (issue 14): kept on the server per shop, usable offline through the outbox. */
export function TodoApp({ title }: { title: string }) {
  const { t, i18n } = useLingui();
  const list = useQuery(todoListQuery());
  const { add, edit, remove } = useTodoWrites();
  const [draft, setDraft] = useState('');
  const [category, setCategory] = useState<TodoItem['category']>('repair');
  const [filter, setFilter] = useState<TodoFilter>('all');
  const [editing, setEditing] = useState<TodoEditing | null>(null);
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
            <TodoItemRow
              key={item.id}
              item={item}
              editing={editing}
              setEditing={setEditing}
              onDone={(done) => edit.mutate({ id: item.id, done })}
              onRename={(text) => edit.mutate({ id: item.id, title: text })}
              onDelete={() => remove.mutate(item.id)}
            />
          ))}
        </Stack>
      )}
    </KitPage>
  );
}
