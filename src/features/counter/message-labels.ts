import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { MessageKind, MessageLang, MessagePlaceholder } from '#contract/counter/messages.ts';

/** Each kind of message as the shop reads it: the status change that sends it. */
export const MESSAGE_KIND_LABELS: Record<MessageKind, MessageDescriptor> = {
  quote_ready: msg`Quote ready (waiting for approval)`,
  ready_for_pickup: msg`Ready for pickup`,
  sent_to_apple: msg`Sent to Apple`,
  back_from_apple: msg`Back from Apple`,
};

export const MESSAGE_LANG_LABELS: Record<MessageLang, MessageDescriptor> = {
  zh: msg`Chinese`,
  en: msg`English`,
  es: msg`Spanish`,
};

/** What each placeholder becomes in the message. */
export const PLACEHOLDER_HELP: Record<MessagePlaceholder, MessageDescriptor> = {
  customer: msg`the customer's name`,
  ticket: msg`the ticket number`,
  device: msg`the device model`,
  link: msg`the customer's status link`,
  shop: msg`the shop's name`,
  phone: msg`the shop's phone`,
};

/** A message's delivery as the ticket and customer pages show it (states and reasons of decision 0050). */
export const MESSAGE_STATE_LABELS: Record<string, MessageDescriptor> = {
  queued: msg`Queued`,
  sending: msg`Sending`,
  sent: msg`Sent`,
  failed: msg`Not sent`,
  skipped: msg`Skipped`,
};

export const MESSAGE_RESULT_LABELS: Record<string, MessageDescriptor> = {
  opted_out: msg`the customer opted out of messages`,
  no_phone: msg`the customer has no phone number`,
  not_configured: msg`no SMS service is configured`,
  no_template: msg`the SMS service has no approved template for this message`,
  refused: msg`the number cannot receive SMS`,
  throttled: msg`the SMS service is busy; trying again`,
  failed: msg`the SMS service did not answer`,
  interrupted: msg`interrupted while sending; not sent again to avoid a duplicate`,
};
