import { MessageCircle, SendHorizontal, Sparkles } from 'lucide-react';
import { over, readableTextOn, toRgbaString } from './color.ts';
import type { ThemeRgba } from './theme.api.ts';
import './theme-preview.css';

/**
 * The live preview of docs/spec.md §2: chat window with header and logo, the AI greeting, two sample
 * user bubbles, the 'Send Message' box with its send icon, and the floating chat icon. Bubble
 * text picks dark or white, whichever contrasts more (WCAG relative luminance).
 */
export function ThemePreview({
  colors,
  logoUrl,
  title,
  greeting,
}: {
  colors: ThemeRgba;
  logoUrl: string | null;
  title: string;
  greeting: string;
}) {
  const css = (field: keyof ThemeRgba) => toRgbaString(colors[field]);
  const headerText = readableTextOn(colors.header_color);
  const agentText = readableTextOn(colors.agent_color);
  const userText = readableTextOn(colors.user_color);
  const iconGlyph = readableTextOn(over(colors.chat_icon_color));
  return (
    <figure className="theme-preview" aria-label="Live preview of your chat widget">
      <div className="theme-preview__window" data-testid="theme-preview">
        <PreviewHeader
          background={css('header_color')}
          color={headerText}
          logoUrl={logoUrl}
          title={title}
        />
        <div className="theme-preview__messages">
          <div className="theme-preview__agent">
            <p
              className="theme-preview__bubble theme-preview__bubble--agent"
              style={{ background: css('agent_color'), color: agentText }}
              data-testid="preview-agent-bubble"
            >
              {greeting}
            </p>
            <span className="theme-preview__caption">AI Agent · a few seconds ago</span>
          </div>
          {['Do you ship internationally?', 'Great, thank you!'].map((text) => (
            <p
              key={text}
              className="theme-preview__bubble theme-preview__bubble--user"
              style={{ background: css('user_color'), color: userText }}
              data-testid="preview-user-bubble"
            >
              {text}
            </p>
          ))}
        </div>
        <div className="theme-preview__composer">
          <textarea
            className="theme-preview__input"
            placeholder="Send Message"
            aria-label="Send Message (preview)"
            rows={1}
            readOnly
            tabIndex={-1}
          />
          <SendHorizontal
            size={20}
            color={css('send_icon_color')}
            aria-label="Send icon"
            data-testid="preview-send-icon"
          />
        </div>
      </div>
      <span
        className="theme-preview__launcher"
        style={{ background: css('chat_icon_color'), color: iconGlyph }}
        data-testid="preview-chat-icon"
      >
        <MessageCircle size={24} aria-label="Chat icon" />
      </span>
    </figure>
  );
}

function PreviewHeader({
  background,
  color,
  logoUrl,
  title,
}: {
  background: string;
  color: string;
  logoUrl: string | null;
  title: string;
}) {
  return (
    <div
      className="theme-preview__header"
      style={{ background, color }}
      data-testid="preview-header"
    >
      <span className="theme-preview__logo">
        {logoUrl ? (
          <img src={logoUrl} alt="Header logo" data-testid="preview-logo" />
        ) : (
          <span className="theme-preview__logo-default" data-testid="preview-default-logo">
            <Sparkles size={18} aria-hidden="true" />
          </span>
        )}
      </span>
      <span className="theme-preview__title">{title}</span>
    </div>
  );
}
