import { PRODUCT_NAME } from '@docent/shared';
import { useId } from 'react';

/** The Docent mark: a speech bubble holding a spark, in the brand green. */
export function LogoMark({ size = 32 }: { size?: number }) {
  // One gradient id per instance: a shared id would point at a copy inside a hidden panel.
  const gradient = `docent-mark-${useId().replace(/:/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#22c55e" />
          <stop offset="1" stopColor="#059669" />
        </linearGradient>
      </defs>
      <path
        d="M6 4h20a4 4 0 0 1 4 4v12a4 4 0 0 1-4 4H14l-6.5 5.2A1 1 0 0 1 6 28.4V24a4 4 0 0 1-4-4V8a4 4 0 0 1 4-4Z"
        fill={`url(#${gradient})`}
      />
      <path d="M16 8.5l1.6 3.9 3.9 1.6-3.9 1.6L16 19.5l-1.6-3.9-3.9-1.6 3.9-1.6Z" fill="#fff" />
    </svg>
  );
}

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className={`logo${inverted ? ' logo--inverted' : ''}`}>
      <LogoMark />
      <span className="logo__word">{PRODUCT_NAME}</span>
    </span>
  );
}
