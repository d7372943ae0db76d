/**
 * The zod-free entry (`@docent/shared/core`): constants, messages, theme defaults, the chat
 * stream protocol, the Markdown parser and the reply types. The widget imports only this, so
 * it stays small; `@docent/shared` adds the zod request schemas.
 */

export type * from '../schemas/analytics.ts';
export type * from '../schemas/auth.ts';
export type * from '../schemas/bot-settings.ts';
export type * from '../schemas/chat.ts';
export type * from '../schemas/crawl.ts';
export type * from '../schemas/knowledge.ts';
export type * from '../schemas/media.ts';
export type * from '../schemas/widget.ts';
export * from './analytics.ts';
export * from './chat.ts';
export * from './chat-stream.ts';
export * from './constants.ts';
export * from './envelope.ts';
export * from './event-stream.ts';
export * from './latest-save.ts';
export * from './markdown/parse.ts';
export type * from './markdown/tree.ts';
export * from './messages.ts';
export * from './safe-href.ts';
export * from './widget.ts';
