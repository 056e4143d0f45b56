/** Plain values of the ia area that screens show (lists, labels, helpers): no zod here, so a page that reads them loads no schema (docs/decisions/0028). */

/** Remaining requests at or below which the usage card turns yellow, and red (spec part 2, section 9). */
export const AI_WARNING_REMAINING = 10;
export const AI_CRITICAL_REMAINING = 5;
/** The context picker's lists, and the chat title's length (the first 50 characters + '...'). */
export const AI_PICKER_MAX = 50;
export const AI_TITLE_CHARS = 50;
/** Files one question may carry, and the characters of one question. */
export const AI_FILES_PER_MESSAGE = 10;
export const AI_MESSAGE_MAX = 10_000;
/** Extensions the chat accepts for attachments. */
export const AI_FILE_ACCEPT = '.pdf,.doc,.docx,.txt,.csv';

/** The session title made from a first message: its first 50 characters and '...' (spec). */
export function sessionTitleOf(message: string): string {
  return `${message.trim().slice(0, AI_TITLE_CHARS)}...`;
}
