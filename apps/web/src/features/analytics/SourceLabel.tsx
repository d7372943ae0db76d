import { PAGE_SCHEMES, safeHref } from '@docent/shared';

/** A trained document's title, linked to its page when it has a safe http(s) address. */
export function SourceLabel({ title, url }: { title: string; url: string | null }) {
  const href = safeHref(url, PAGE_SCHEMES);
  const text = title.trim() || url || 'Untitled source';
  if (!href) return <span>{text}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" title={href}>
      {text}
    </a>
  );
}
