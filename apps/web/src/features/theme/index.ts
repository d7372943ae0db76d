/** The theme feature's public face: the colour fields, logo chooser, preview and theme draft. */
export { ColorField } from './ColorField.tsx';
export { ContrastWarning } from './ContrastWarning.tsx';
export { LogoChooser } from './LogoChooser.tsx';
export { ThemePreview } from './ThemePreview.tsx';
export { HEX_ONLY } from './theme.api.ts';
export { type ThemeDraft, useThemeDraft } from './use-theme-draft.ts';
