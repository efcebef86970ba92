import type { HandlerMap } from '#server/http/endpoints.ts';
import type { ChatService } from './chat-service.ts';
import type { KitSettingsService } from './settings-service.ts';
import type { SurveyService } from './survey-service.ts';
import type { TodoService } from './todo-service.ts';

export interface KitServices {
  todos: TodoService;
  surveys: SurveyService;
  chat: ChatService;
  settings: KitSettingsService;
}

export function templateKitHandlers(s: KitServices): HandlerMap {
  return {
    todoList: async ({ user }) => ({ list: await s.todos.list(user) }),
    todoAdd: ({ user, input }) => s.todos.add(user, input),
    todoEdit: ({ user, input }) => s.todos.edit(user, input),
    todoDelete: ({ user, input }) => s.todos.remove(user, input.id),
    surveyList: async ({ user }) => ({ list: await s.surveys.list(user) }),
    surveyDetail: ({ user, input }) => s.surveys.detail(user, input.id),
    surveyAdd: ({ user, input }) => s.surveys.add(user, input),
    surveyStatus: ({ user, input }) => s.surveys.setStatus(user, input.id, input.status),
    chatContacts: async ({ user, input }) => ({ list: await s.chat.contacts(user, input.search) }),
    chatConversations: async ({ user }) => ({ list: await s.chat.conversations(user) }),
    chatMessages: async ({ user, input }) => ({ list: await s.chat.messages(user, input.user_id) }),
    chatSend: ({ user, input }) => s.chat.send(user, input.to_user_id, input.text),
    templateKitSettings: ({ user }) => s.settings.get(user),
    templateKitSet: ({ user, input }) => s.settings.set(user, input.hidden),
  };
}
