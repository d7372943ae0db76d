import { formatCount, formatShare } from './format.ts';

interface Part {
  label: string;
  count: number;
  tone: 'good' | 'bad';
}

/**
 * Two counts as shares of their sum, drawn as one bar and written out beside it. With
 * nothing to share, it says so instead of drawing an empty 0 % / 0 %.
 */
export function SplitBar({
  title,
  parts,
  none,
}: {
  title: string;
  parts: [Part, Part];
  none: string;
}) {
  const whole = parts[0].count + parts[1].count;
  return (
    <div className="split">
      <h3 className="split__title">{title}</h3>
      {whole === 0 ? (
        <p className="an-none">{none}</p>
      ) : (
        <>
          <div className="split__bar" aria-hidden="true">
            {parts.map((p) => (
              <span
                key={p.label}
                className={`split__part split__part--${p.tone}`}
                style={{ flexGrow: p.count }}
              />
            ))}
          </div>
          <ul className="split__legend">
            {parts.map((p) => (
              <li key={p.label}>
                <span className={`split__dot split__dot--${p.tone}`} aria-hidden="true" />
                {p.label} <strong>{formatShare(p.count, whole)}</strong>
                <span className="split__count">({formatCount(p.count)})</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
