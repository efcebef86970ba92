import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import type {
  ChatMessage,
  SurveyAddInput,
  TodoAddInput,
  TodoEditInput,
  TodoItem,
} from '#contract/schemas/template-kit.ts';
import { callApi } from '#src/lib/api/client.ts';
import { callOrQueue, isQueued } from '#src/lib/offline/outbox.ts';

/**
 * Query keys of the template kit. Each root is a realtime topic (contract/realtime.ts), so a
 * `data:changed` for it refetches exactly these; chat refetches on its own `chat:message` event.
 */
export const kitKeys = {
  todos: ['todos'] as const,
  surveys: ['surveys'] as const,
  survey: (id: number) => ['surveys', 'detail', id] as const,
  settings: ['templateKit'] as const,
  chat: ['chat'] as const,
  contacts: (search: string) => ['chat', 'contacts', search] as const,
  conversations: ['chat', 'conversations'] as const,
  messages: (userId: number) => ['chat', 'messages', userId] as const,
};

export const todoListQuery = () =>
  queryOptions({
    queryKey: kitKeys.todos,
    queryFn: ({ signal }) => callApi(endpoints.todoList, {}, { signal }),
  });

/** A todo item as the list shows it: `pending` while it waits in the outbox (no server id yet). */
export type ShownTodo = TodoItem & { pending?: boolean };
type TodoList = { list: ShownTodo[] };

export function useTodoWrites() {
  const queryClient = useQueryClient();
  const patch = (change: (list: ShownTodo[]) => ShownTodo[]) => {
    // A refetch under way (after a replay, say) would answer the list from before this change.
    void queryClient.cancelQueries({ queryKey: kitKeys.todos });
    queryClient.setQueryData<TodoList>(kitKeys.todos, (old) => ({ list: change(old?.list ?? []) }));
  };
  const settle = (answer: unknown) => {
    // Queued: the optimistic change stays (and is persisted) until the replay refreshes the list.
    if (!isQueued(answer)) void queryClient.invalidateQueries({ queryKey: kitKeys.todos });
  };
  const rollback = () => void queryClient.invalidateQueries({ queryKey: kitKeys.todos });

  const add = useMutation({
    mutationFn: (input: TodoAddInput) => callOrQueue(endpoints.todoAdd, input, { label: t`Add todo item` }),
    onMutate: (input) => {
      const now = Math.floor(Date.now() / 1000);
      // A negative id until the server gives the real one (its highest id plus one).
      patch((list) => [
        {
          id: -now,
          title: input.title.trim(),
          note: input.note ?? '',
          category: input.category ?? 'repair',
          done: false,
          created_by: '',
          created_at: now,
          updated_at: now,
          pending: true,
        },
        ...list,
      ]);
    },
    onSuccess: settle,
    onError: rollback,
  });
  const edit = useMutation({
    mutationFn: (input: TodoEditInput) =>
      callOrQueue(endpoints.todoEdit, input, { label: t`Change todo item #${input.id}` }),
    onMutate: (input) => {
      const { id, request_id: _rid, ...fields } = input;
      patch((list) => list.map((item) => (item.id === id ? { ...item, ...fields } : item)));
    },
    onSuccess: settle,
    onError: rollback,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      callOrQueue(endpoints.todoDelete, { id }, { label: t`Delete todo item #${id}` }),
    onMutate: (id) => patch((list) => list.filter((item) => item.id !== id)),
    onSuccess: settle,
    onError: rollback,
  });
  return { add, edit, remove };
}

export const surveyListQuery = () =>
  queryOptions({
    queryKey: kitKeys.surveys,
    queryFn: ({ signal }) => callApi(endpoints.surveyList, {}, { signal }),
  });

export const surveyDetailQuery = (id: number) =>
  queryOptions({
    queryKey: kitKeys.survey(id),
    queryFn: ({ signal }) => callApi(endpoints.surveyDetail, { id }, { signal }),
    retry: false,
  });

export function useAddSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SurveyAddInput) => callApi(endpoints.surveyAdd, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kitKeys.surveys }),
  });
}

export function useSurveyStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; status: 'draft' | 'active' | 'closed' }) =>
      callApi(endpoints.surveyStatus, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kitKeys.surveys }),
  });
}

export const contactsQuery = (search: string) =>
  queryOptions({
    queryKey: kitKeys.contacts(search),
    queryFn: ({ signal }) => callApi(endpoints.chatContacts, { search }, { signal }),
  });

export const conversationsQuery = () =>
  queryOptions({
    queryKey: kitKeys.conversations,
    queryFn: ({ signal }) => callApi(endpoints.chatConversations, {}, { signal }),
  });

export const messagesQuery = (userId: number) =>
  queryOptions({
    queryKey: kitKeys.messages(userId),
    queryFn: ({ signal }) => callApi(endpoints.chatMessages, { user_id: userId }, { signal }),
  });

/** A message that arrived over the socket: appended at once, then the lists refresh. */
export function addLiveMessage(
  queryClient: ReturnType<typeof useQueryClient>,
  me: number,
  message: ChatMessage,
): void {
  const other = message.from_user_id === me ? message.to_user_id : message.from_user_id;
  queryClient.setQueryData<{ list: ChatMessage[] }>(kitKeys.messages(other), (old) =>
    old && !old.list.some((m) => m.id === message.id) ? { list: [...old.list, message] } : old,
  );
  void queryClient.invalidateQueries({ queryKey: kitKeys.conversations });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    // Chat needs the network: a message queued for later would arrive out of its conversation.
    mutationFn: (input: { to_user_id: number; text: string }) => callApi(endpoints.chatSend, input),
    onSuccess: (message) => {
      queryClient.setQueryData<{ list: ChatMessage[] }>(kitKeys.messages(message.to_user_id), (old) =>
        old && !old.list.some((m) => m.id === message.id) ? { list: [...old.list, message] } : old,
      );
      void queryClient.invalidateQueries({ queryKey: kitKeys.conversations });
    },
  });
}

export const kitSettingsQuery = () =>
  queryOptions({
    queryKey: kitKeys.settings,
    queryFn: ({ signal }) => callApi(endpoints.templateKitSettings, {}, { signal }),
    staleTime: 60_000,
  });

export function useSetKitHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hidden: boolean) => callApi(endpoints.templateKitSet, { hidden }),
    onSuccess: (settings) => queryClient.setQueryData(kitKeys.settings, settings),
  });
}
