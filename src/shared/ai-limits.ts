/**
 * design.md §20 limits of an assistant conversation, shared by the route's validation and the
 * booking page's Ask panel: at most 20 messages, each at most 2000 characters.
 */
export const MAX_CHAT_MESSAGES = 20;
export const MAX_CHAT_MESSAGE_CHARS = 2000;
