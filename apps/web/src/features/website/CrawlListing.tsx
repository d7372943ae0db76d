import { MESSAGES } from '@docent/shared';
import { Globe } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { FormError } from '../../components/Field.tsx';
import { PanelFooter } from '../../components/PanelFooter.tsx';
import { KnowledgeFrame, useTraining } from '../knowledge/index.ts';
import { CrawledPagesTable } from './CrawledPagesTable.tsx';
import { CrawlProgress } from './CrawlProgress.tsx';
import { keptPages, removePage, resetCrawl, useCrawl } from './crawl-store.ts';
import { hostOf } from './host.ts';
import { useCrawlFeed } from './use-crawl-feed.ts';
import { useFormUntilPagesArrive, useResetCrawlOnceTrained } from './use-crawl-review.ts';
import { cancelCrawl, trainPages } from './website.api.ts';
import type { WebsiteFlow } from './website-flows.ts';
import './website.css';

const fmt = (n: number) => n.toLocaleString('en-US');

/** /crawl-listing and /datasource/website: review the crawled pages, then train (docs/spec.md §2, §4). */
export function CrawlListing({ flow }: { flow: WebsiteFlow }) {
  const navigate = useNavigate();
  const crawl = useCrawl();
  const { train, busy, dialog } = useTraining(flow.frame.kind);
  const [error, setError] = useState('');

  useCrawlFeed(crawl.status === 'running' ? crawl.crawlId : null);
  const kept = useMemo(() => keptPages(crawl), [crawl]);
  const chars = useMemo(() => kept.reduce((n, p) => n + p.token_count, 0), [kept]);
  const complete = crawl.status !== 'running' && crawl.status !== 'idle';

  useFormUntilPagesArrive(crawl, flow);
  const markTrained = useResetCrawlOnceTrained();

  const onRemove = (url: string) => {
    setError('');
    removePage(url);
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
    void train((target) => trainPages(urls, chars, target, crawlId), markTrained);
  };

  if (!crawl.crawlId) return <NoCrawl flow={flow} />;

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
          <CrawledPagesTable pages={kept} busy={busy} onRemove={onRemove} />
        )}

        <FormError message={error} />

        <PanelFooter
          count={<PageTotals pages={kept.length} chars={chars} />}
          countTestId="crawl-totals"
        >
          <Button variant="secondary" onClick={onCancel} disabled={!complete || busy}>
            Cancel
          </Button>
          <Button onClick={onTrain} disabled={!complete} loading={busy}>
            Use Provided URLs
          </Button>
        </PanelFooter>
      </section>
      {dialog}
    </KnowledgeFrame>
  );
}

function PageTotals({ pages, chars }: { pages: number; chars: number }) {
  return (
    <>
      <span>
        Pages <strong data-testid="page-count">{fmt(pages)}</strong>
      </span>
      <span className="wb-dot" aria-hidden="true" />
      <span>
        Characters <strong data-testid="char-count">{fmt(chars)}</strong>
      </span>
    </>
  );
}

function NoCrawl({ flow }: { flow: WebsiteFlow }) {
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
