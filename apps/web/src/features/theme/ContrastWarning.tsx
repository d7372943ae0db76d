import type { ThemeColorField } from '@docent/shared';
import { TriangleAlert } from 'lucide-react';
import { formatRatio, themeContrastIssues } from './contrast.ts';
import type { ThemeRgba } from './theme.api.ts';
import './contrast-warning.css';

/**
 * Warns, inline, when a colour pair of the widget falls below WCAG AA. The polite live region
 * names only the fields concerned, so dragging a slider is announced when that list changes,
 * not at every step; the ratios are in the list below it.
 */
export function ContrastWarning({
  colors,
  labels,
}: {
  colors: ThemeRgba;
  labels: Record<ThemeColorField, string>;
}) {
  const issues = themeContrastIssues(colors);
  const fields = [...new Set(issues.map((i) => labels[i.field]))];
  return (
    <div
      className={`contrast-warning${issues.length > 0 ? ' contrast-warning--shown' : ''}`}
      data-testid="contrast-warning"
    >
      <p role="status" className="contrast-warning__summary">
        {issues.length > 0 && (
          <>
            <TriangleAlert size={16} aria-hidden="true" />
            <span>
              Hard to read for some visitors (below WCAG AA contrast): {fields.join(', ')}.
            </span>
          </>
        )}
      </p>
      {issues.length > 0 && (
        <ul className="contrast-warning__list">
          {issues.map((issue) => (
            <li key={issue.field}>
              {issue.pair}: <strong>{formatRatio(issue.ratio)}</strong>, needs {issue.required}:1.
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
