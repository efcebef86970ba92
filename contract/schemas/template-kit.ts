import { z } from 'zod';
import { requestId, safeText, unixTime } from './common.ts';
import { TODO_TITLE_MAX, CHAT_TEXT_MAX, SURVEY_TITLE_MAX } from '../values/template-kit.ts';
export * from '../values/template-kit.ts';

export const TODO_NOTE_MAX = 500;
export const SURVEY_QUESTION_MAX = 200;
export const SEARCH_MAX = 64;

/** Free text of the kit (titles, questions, chat): the contract's one text rule, never empty. */
const text = (max: number, kind: 'name' | 'remark' = 'name') => safeText({ min: 1, max, kind });

export const todoCategory = z.enum(['repair', 'stock', 'shop']);
export const todoItem = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  note: z.string(),
  category: todoCategory,
  done: z.boolean(),
  created_by: z.string(),
  created_at: unixTime,
  updated_at: unixTime,
});
export type TodoItem = z.infer<typeof todoItem>;
export const todoListOutput = z.object({ list: z.array(todoItem) });

export const todoAddInput = z.object({
  title: text(TODO_TITLE_MAX),
  note: safeText({ max: TODO_NOTE_MAX, kind: 'remark' }).default(''),
  category: todoCategory.default('repair'),
  request_id: requestId.optional(),
});
export type TodoAddInput = z.input<typeof todoAddInput>;

/** Only the fields present change. */
export const todoEditInput = z.object({
  id: z.number().int().positive(),
  title: text(TODO_TITLE_MAX).optional(),
  note: safeText({ max: TODO_NOTE_MAX, kind: 'remark' }).optional(),
  category: todoCategory.optional(),
  done: z.boolean().optional(),
  request_id: requestId.optional(),
});
export type TodoEditInput = z.input<typeof todoEditInput>;

export const todoDeleteInput = z.object({
  id: z.number().int().positive(),
  request_id: requestId.optional(),
});
export type TodoDeleteInput = z.input<typeof todoDeleteInput>;

export const surveyStatus = z.enum(['draft', 'active', 'closed']);
export const surveySummary = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  status: surveyStatus,
  questions: z.number().int().nonnegative(),
  created_by: z.string(),
  created_at: unixTime,
});
export type SurveySummary = z.infer<typeof surveySummary>;
export const surveyDetail = surveySummary.extend({
  question_list: z.array(z.object({ position: z.number().int().positive(), text: z.string() })),
});
export type SurveyDetail = z.infer<typeof surveyDetail>;
export const surveyListOutput = z.object({ list: z.array(surveySummary) });
export const surveyDetailInput = z.object({ id: z.number().int().positive() });

export const surveyAddInput = z.object({
  title: text(SURVEY_TITLE_MAX),
  questions: z.array(text(SURVEY_QUESTION_MAX)).min(1).max(20),
  request_id: requestId.optional(),
});
export type SurveyAddInput = z.input<typeof surveyAddInput>;

export const surveyStatusInput = z.object({
  id: z.number().int().positive(),
  status: surveyStatus,
  request_id: requestId.optional(),
});

/** A chat contact: another employee of the shop (spec section 3: contacts hold an img). */
export const chatContact = z.object({
  user_id: z.number().int().positive(),
  name: z.string(),
  username: z.string(),
  img: z.string(),
});
export type ChatContact = z.infer<typeof chatContact>;
export const chatContactsInput = z.object({ search: safeText({ max: SEARCH_MAX }).default('') });
export const chatContactsOutput = z.object({ list: z.array(chatContact) });

export const chatMessage = z.object({
  id: z.number().int().positive(),
  from_user_id: z.number().int().positive(),
  to_user_id: z.number().int().positive(),
  text: z.string(),
  created_at: unixTime,
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** One conversation per other employee the caller has exchanged messages with, newest first. */
export const chatConversation = z.object({
  contact: chatContact,
  last_message: chatMessage,
});
export type ChatConversation = z.infer<typeof chatConversation>;
export const chatConversationsOutput = z.object({ list: z.array(chatConversation) });

export const chatMessagesInput = z.object({ user_id: z.number().int().positive() });
export const chatMessagesOutput = z.object({ list: z.array(chatMessage) });

export const chatSendInput = z.object({
  to_user_id: z.number().int().positive(),
  // Messages keep their line breaks.
  text: text(CHAT_TEXT_MAX, 'remark'),
  request_id: requestId.optional(),
});
export type ChatSendInput = z.input<typeof chatSendInput>;

/** The shop's template-kit setting: an Admin may hide the "template kit" menu group. */
export const templateKitSettings = z.object({ hidden: z.boolean() });
export const templateKitSetInput = z.object({ hidden: z.boolean(), request_id: requestId.optional() });
