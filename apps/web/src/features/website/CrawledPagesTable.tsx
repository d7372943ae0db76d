import type { CrawledPageItem } from '@docent/shared';
import { ExternalLink, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { VirtualTable } from './VirtualTable.tsx';

const ROW_HEIGHT = 52;
const HEAD_HEIGHT = 42;
const fmt = (n: number) => n.toLocaleString('en-US');

/** The address without its scheme: what people recognise, and shorter on phones. */
/** A page's address as host and path, so a phone can show the path the host is common to. */
function urlParts(url: string): { host: string; path: string } {
  try {
    const u = new URL(url);
    return { host: u.host, path: `${u.pathname}${u.search}` };
  } catch {
    return { host: '', path: url };
  }
}

/** The pages under review, windowed; each row links to the page and can be deleted. */
export function CrawledPagesTable({
  pages,
  busy,
  onRemove,
}: {
  pages: CrawledPageItem[];
  busy: boolean;
  onRemove: (url: string) => void;
}) {
  const table = useRef<HTMLDivElement>(null);
  const remove = (url: string, index: number) => {
    onRemove(url);
    // Keep keyboard focus in the table: on the row that moved up, else the one above.
    requestAnimationFrame(() => {
      const rows = table.current;
      const next =
        rows?.querySelector<HTMLButtonElement>(`[data-index="${index}"] button`) ??
        rows?.querySelector<HTMLButtonElement>(`[data-index="${index - 1}"] button`);
      next?.focus();
    });
  };
  return (
    <div ref={table} className="wb-table">
      <VirtualTable
        items={pages}
        rowHeight={ROW_HEIGHT}
        maxHeight={ROW_HEIGHT * 9 + HEAD_HEIGHT}
        label="Crawled pages"
        keyOf={(p) => p.url}
        colgroup={
          <colgroup>
            <col />
            <col className="wb-table__chars-col" />
            <col className="wb-table__action-col" />
          </colgroup>
        }
        head={
          <tr style={{ height: HEAD_HEIGHT }} aria-rowindex={1}>
            <th scope="col">Crawled URLs</th>
            <th scope="col" className="wb-table__chars">
              Characters
            </th>
            <th scope="col" className="wb-table__action">
              <span className="sr-only">Delete</span>
            </th>
          </tr>
        }
        renderRow={(page, index) => (
          <>
            <td className="wb-table__url">
              <a href={page.url} target="_blank" rel="noreferrer noopener" title={page.url}>
                <span className="wb-table__url-text">
                  <span className="wb-table__host">{urlParts(page.url).host}</span>
                  <span className="wb-table__path">{urlParts(page.url).path}</span>
                </span>
                <ExternalLink size={13} aria-hidden="true" />
              </a>
            </td>
            <td className="wb-table__chars">{fmt(page.token_count)}</td>
            <td className="wb-table__action">
              <button
                type="button"
                className="icon-button icon-button--danger"
                aria-label={`Delete ${page.url}`}
                title="Delete"
                disabled={busy}
                onFocus={(e) => e.currentTarget.closest('tr')?.scrollIntoView({ block: 'nearest' })}
                onClick={() => remove(page.url, index)}
              >
                <Trash2 size={17} />
              </button>
            </td>
          </>
        )}
      />
    </div>
  );
}
