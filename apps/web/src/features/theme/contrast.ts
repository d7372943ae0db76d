import type { ThemeColorField } from '@docent/shared';
import { contrastRatio, over, type Rgba, relativeLuminance } from './color.ts';
import type { ThemeRgba } from './theme.api.ts';

/** WCAG 2 AA: 4.5:1 for text (1.4.3), 3:1 for icons a person needs to see (1.4.11). */
export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
/** The widget's dark text (apps/widget/src/color.ts): the pair is judged as customers see it. */
const WIDGET_INK: Rgba = { r: 31, g: 41, b: 55, a: 1 };

export interface ContrastIssue {
  field: ThemeColorField;
  /** What sits on what, in the owner's words. */
  pair: string;
  ratio: number;
  required: number;
}

/** The WCAG contrast ratio of two colours, each seen over `backdrop` when translucent. */
export function contrastOf(fg: Rgba, bg: Rgba, backdrop: Rgba = WHITE): number {
  const base = over(bg, backdrop);
  return contrastRatio(relativeLuminance(over(fg, base)), relativeLuminance(base));
}

/** The widget writes dark or white on a colour, whichever reads better: this is that ratio. */
export function bestTextContrast(background: Rgba): number {
  return Math.max(contrastOf(WIDGET_INK, background), contrastOf(WHITE, background));
}

/** Rounded down, so 4.497 never shows as a passing "4.5". */
export const formatRatio = (ratio: number) => `${Math.floor(ratio * 10) / 10}:1`;

/**
 * Every colour pair of the widget that falls below WCAG AA: text on the header and on each
 * bubble, the send icon on the white message box, the chat icon's glyph on its colour.
 */
export function themeContrastIssues(colors: ThemeRgba): ContrastIssue[] {
  const checks: ContrastIssue[] = [
    text('header_color', 'Header text on the header colour', colors.header_color),
    text('agent_color', 'Text on the agent message colour', colors.agent_color),
    text('user_color', 'Text on the user message colour', colors.user_color),
    {
      field: 'send_icon_color',
      pair: 'Send icon on the white message box',
      ratio: contrastOf(colors.send_icon_color, WHITE),
      required: AA_NON_TEXT,
    },
    {
      field: 'chat_icon_color',
      pair: 'Chat icon symbol on the icon colour',
      ratio: bestTextContrast(colors.chat_icon_color),
      required: AA_NON_TEXT,
    },
  ];
  return checks.filter((c) => c.ratio < c.required);
}

function text(field: ThemeColorField, pair: string, background: Rgba): ContrastIssue {
  return { field, pair, ratio: bestTextContrast(background), required: AA_TEXT };
}
