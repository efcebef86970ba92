import { ActionIcon, Badge, Checkbox, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { TODO_TITLE_MAX } from '#contract/values/template-kit.ts';
import type { ShownTodo } from '../api/kit-api.ts';
import { CATEGORIES, CATEGORY_COLORS } from './todo-categories.ts';

export interface TodoEditing {
  id: number;
  title: string;
}

/**
 * One item of the todo list (TodoApp.tsx): ticked, renamed in place or deleted; an item still in the
 * outbox says so and waits before it can be changed.
 */
export function TodoItemRow({
  item,
  editing,
  setEditing,
  onDone,
  onRename,
  onDelete,
}: {
  item: ShownTodo;
  /** The item being renamed, if any (this one or another). */
  editing: TodoEditing | null;
  setEditing(editing: TodoEditing | null): void;
  onDone(done: boolean): void;
  onRename(title: string): void;
  onDelete(): void;
}) {
  const { t, i18n } = useLingui();
  return (
    <Paper
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
            onChange={(event) => onDone(event.currentTarget.checked)}
          />
          {editing?.id === item.id ? (
            <form
              style={{ flex: 1 }}
              onSubmit={(event) => {
                event.preventDefault();
                const text = editing.title.trim();
                if (text) onRename(text);
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
            onClick={onDelete}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}
