/**
 * The embed feature's public face: the script snippets, allowed domains, the widget's message
 * budget and the bot's status.
 */
export { AllowedDomains } from './AllowedDomains.tsx';
export { CodeSnippet, LinkSnippet } from './CodeSnippet.tsx';
export { type EmbedStatus, useEmbedStatus } from './use-embed-status.ts';
export { useSnippetCopied } from './use-snippet-copied.ts';
export { WidgetBudget } from './WidgetBudget.tsx';
