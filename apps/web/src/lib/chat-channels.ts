import type { ChatChannel } from '@docent/shared';

/** How the dashboard names each channel a conversation comes through (inbox and analytics). */
export const CHANNEL_LABEL: Record<ChatChannel, string> = {
  widget: 'Website widget',
  page: 'Full-page chat',
  dashboard: 'Dashboard preview',
};

/** The channels as choices, visitors' channels first. */
export const CHANNEL_CHOICES = (Object.keys(CHANNEL_LABEL) as ChatChannel[]).map((value) => ({
  value,
  label: CHANNEL_LABEL[value],
}));
