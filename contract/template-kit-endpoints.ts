import { defineEndpoint } from './endpoint.ts';
import { emptyInput, emptyOutput } from './schemas/common.ts';
import {
  chatContactsInput,
  chatContactsOutput,
  chatConversationsOutput,
  chatMessage,
  chatMessagesInput,
  chatMessagesOutput,
  chatSendInput,
  surveyAddInput,
  surveyDetail,
  surveyDetailInput,
  surveyListOutput,
  surveyStatusInput,
  templateKitSetInput,
  templateKitSettings,
  todoAddInput,
  todoDeleteInput,
  todoEditInput,
  todoItem,
  todoListOutput,
} from './schemas/template-kit.ts';

/**
 * The template kit's endpoints (issue 14; docs/decisions/0023-template-kit.md): todo and chat for
 * the shop's staff, the survey demo, and the shop's template-kit setting. Spread into endpoints.ts.
 * The demo mock API of spec section 7 (GET /api/demo/contacts, …) answers from the same services.
 */
export const templateKitEndpoints = {
  todoList: defineEndpoint({
    path: '/api/demo/todo_list',
    access: 'user',
    input: emptyInput,
    output: todoListOutput,
    summary: "The shop's todo items, newest id first.",
  }),
  todoAdd: defineEndpoint({
    path: '/api/demo/todo_add',
    access: 'user',
    input: todoAddInput,
    output: todoItem,
    summary: "Adds a todo item; its id is the shop's highest todo id plus one.",
  }),
  todoEdit: defineEndpoint({
    path: '/api/demo/todo_edit',
    access: 'user',
    input: todoEditInput,
    output: todoItem,
    summary: 'Changes the given fields of a todo item (title, note, category, done).',
  }),
  todoDelete: defineEndpoint({
    path: '/api/demo/todo_delete',
    access: 'user',
    input: todoDeleteInput,
    output: emptyOutput,
    summary: 'Deletes a todo item.',
  }),
  surveyList: defineEndpoint({
    path: '/api/demo/survey_list',
    access: 'user',
    input: emptyInput,
    output: surveyListOutput,
    summary: "The shop's surveys, newest id first, with their number of questions.",
  }),
  surveyDetail: defineEndpoint({
    path: '/api/demo/survey_detail',
    access: 'user',
    input: surveyDetailInput,
    output: surveyDetail,
    summary: 'One survey with its questions; an unknown id answers SURVEY_NOT_FOUND.',
  }),
  surveyAdd: defineEndpoint({
    path: '/api/demo/survey_add',
    access: 'user',
    input: surveyAddInput,
    output: surveyDetail,
    summary: "Adds a survey with its questions; its id is the shop's highest survey id plus one.",
  }),
  surveyStatus: defineEndpoint({
    path: '/api/demo/survey_status',
    access: 'user',
    input: surveyStatusInput,
    output: surveyDetail,
    summary: 'Moves a survey to draft, active or closed.',
  }),
  chatContacts: defineEndpoint({
    path: '/api/demo/chat_contacts',
    access: 'user',
    input: chatContactsInput,
    output: chatContactsOutput,
    summary: 'The other enabled employees of the shop, filtered by name or username.',
  }),
  chatConversations: defineEndpoint({
    path: '/api/demo/chat_conversations',
    access: 'user',
    input: emptyInput,
    output: chatConversationsOutput,
    summary: 'One row per colleague the caller has exchanged messages with, newest first.',
  }),
  chatMessages: defineEndpoint({
    path: '/api/demo/chat_messages',
    access: 'user',
    input: chatMessagesInput,
    output: chatMessagesOutput,
    summary: 'The messages between the caller and one colleague, oldest first (the last 500).',
  }),
  chatSend: defineEndpoint({
    path: '/api/demo/chat_send',
    access: 'user',
    input: chatSendInput,
    output: chatMessage,
    summary: 'Sends a message to a colleague of the shop; both get the chat:message socket event.',
  }),
  templateKitSettings: defineEndpoint({
    path: '/api/demo/template_kit_settings',
    access: 'user',
    input: emptyInput,
    output: templateKitSettings,
    summary: "The shop's template-kit setting (is the menu group hidden).",
  }),
  templateKitSet: defineEndpoint({
    path: '/api/demo/template_kit_set',
    access: 'admin',
    input: templateKitSetInput,
    output: templateKitSettings,
    summary: 'Hides or shows the "template kit" menu group for the whole shop (Admin only).',
  }),
} as const;
