import { MESSAGES } from '@docent/shared';
import { ExternalLink, Globe, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { FormError } from '../../components/Field.tsx';
import { KnowledgeFrame } from '../knowledge/KnowledgeFrame.tsx';
import { useTraining } from '../knowledge/use-training.tsx';
import { hostOf } from './CrawlForm.tsx';
import { CrawlProgress } from './CrawlProgress.tsx';
import { keptPages, removePage, resetCrawl, useCrawl } from './crawl-store.ts';
import { useCrawlFeed } from './use-crawl-feed.ts';
import { VirtualTable } from './VirtualTable.tsx';
import { cancelCrawl, trainPages } from './website.api.ts';
import type { WebsiteFlow } from './website-flows.ts';
import './website.css';

const ROW_HEIGHT = 52;
const HEAD_HEIGHT = 42;
const fmt = (n: number) => n.toLocaleString('en-US');

/** /crawl-listing and /datasource/website: review the crawled pages, then train (spec §2, §4). */
export function CrawlListing({ flow }: { flow: WebsiteFlow }) {
  const navigate = useNavigate();
  const crawl = useCrawl();
  const { train, busy, dialog } = useTraining();
  const [error, setError] = useState('');
  const table = useRef<HTMLDivElement>(null);
  const trained = useRef(false);

  useCrawlFeed(crawl.status === 'running' ? crawl.crawlId : null);
  const kept = useMemo(() => keptPages(crawl), [crawl]);
  const chars = useMemo(() => kept.reduce((n, p) => n + p.token_count, 0), [kept]);
  const complete = crawl.status !== 'running' && crawl.status !== 'idle';

  // Spec §4: 'Websites will be loaded' (a crawl with no page list yet) closes the listing and
  // shows that message; the form waits there and reopens the listing when pages arrive.
  const waiting = crawl.crawlId !== null && crawl.status === 'running' && !crawl.received;
  useEffect(() => {
    if (!waiting) return;
    toast.info(MESSAGES.websitesWillBeLoaded, { toastId: 'websites-will-be-loaded' });
    navigate(crawl.kind === 'sitemap' ? flow.sitemap : flow.crawl, { replace: true });
  }, [waiting, crawl.kind, flow, navigate]);

  // A trained crawl is done with once the user leaves for the preview.
  useEffect(
    () => () => {
      if (trained.current) resetCrawl();
    },
    [],
  );

  const onRemove = (url: string, index: number) => {
    setError('');
    removePage(url);
    // Keep keyboard focus in the table: on the row that moved up, else the one above.
    requestAnimationFrame(() => {
      const rows = table.current;
      const next =
        rows?.querySelector<HTMLButtonElement>(`[data-index="${index}"] button`) ??
        rows?.querySelector<HTMLButtonElement>(`[data-index="${index - 1}"] button`);
      next?.focus();
    });
  };

  const onCancel = () => {
    resetCrawl();
    navigate(flow.crawl);
  };

  const onStop = async () => {
    if (crawl.crawlId) await cancelCrawl(crawl.crawlId).catch(() => undefined);
  };

  const onTrain = () => {
    if (kept.length === 0) return setError(MESSAGES.selectOneWebsite);
    const crawlId = crawl.crawlId;
    if (!crawlId) return;
    setError('');
    const urls = kept.map((p) => p.url);
    void train(
      (botId) => trainPages(urls, chars, botId, crawlId),
      () => {
        trained.current = true;
      },
    );
  };

  if (!crawl.crawlId) {
    return (
      <KnowledgeFrame flow={flow.frame} title="Choose Pages and Import Custom Data">
        <section className="panel kb-panel">
          <div className="kb-empty">
            <span className="kb-empty__icon" aria-hidden="true">
              <Globe size={24} />
            </span>
            <p className="kb-empty__title">No crawl to review</p>
            <p>Enter your website address to find its pages.</p>
            <Link className="btn btn--secondary btn--sm" to={flow.crawl}>
              Crawl a website
            </Link>
          </div>
        </section>
      </KnowledgeFrame>
    );
  }

  return (
    <KnowledgeFrame
      flow={flow.frame}
      title="Choose Pages and Import Custom Data"
      description={`Pages found on ${hostOf(crawl.startUrl)}. Delete the ones your chatbot should not learn from.`}
      back={{ to: crawl.kind === 'sitemap' ? flow.sitemap : flow.crawl, label: 'Back' }}
    >
      <section className="panel kb-panel" aria-label="Crawled pages">
        <CrawlProgress crawl={crawl} onStop={complete ? undefined : onStop} />

        {kept.length === 0 ? (
          <div className="wb-table wb-table--empty">
            <p className="wb-table__none">
              {complete ? 'No pages left to train.' : 'Looking for pages…'}
            </p>
          </div>
        ) : (
          <div ref={table} className="wb-table">
            <VirtualTable
              items={kept}
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
                      <span className="wb-table__url-text">{displayUrl(page.url)}</span>
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
                      onFocus={(e) =>
                        e.currentTarget.closest('tr')?.scrollIntoView({ block: 'nearest' })
                      }
                      onClick={() => onRemove(page.url, index)}
                    >
                      <Trash2 size={17} />
                    </button>
                  </td>
                </>
              )}
            />
          </div>
        )}

        <FormError message={error} />

        <footer className="kb-footer">
          <p className="kb-count" data-testid="crawl-totals">
            <span>
              Pages <strong data-testid="page-count">{fmt(kept.length)}</strong>
            </span>
            <span className="wb-dot" aria-hidden="true" />
            <span>
              Characters <strong data-testid="char-count">{fmt(chars)}</strong>
            </span>
          </p>
          <div className="kb-footer__actions">
            <Button variant="secondary" onClick={onCancel} disabled={!complete || busy}>
              Cancel
            </Button>
            <Button onClick={onTrain} disabled={!complete} loading={busy}>
              Use Provided URLs
            </Button>
          </div>
        </footer>
      </section>
      {dialog}
    </KnowledgeFrame>
  );
}

/** The address without its scheme: what people recognise, and shorter on phones. */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '') || url;
}
