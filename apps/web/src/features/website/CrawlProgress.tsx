import { MESSAGES } from '@docent/shared';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import type { CrawlState } from './crawl-store.ts';

const fmt = (n: number) => n.toLocaleString('en-US');

function seconds(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
}

/**
 * Live crawl progress (issue 4): pages found, pages per second and time so far; once finished,
 * the spec's completion message.
 */
export function CrawlProgress({
  crawl,
  onStop,
  waiting = false,
}: {
  crawl: CrawlState;
  onStop?: () => void;
  /** Before the first list: the review opens when pages arrive. */
  waiting?: boolean;
}) {
  const found = crawl.pages.length;
  if (crawl.status === 'complete' || crawl.status === 'cancelled') {
    return (
      <div className="wb-progress wb-progress--done" role="status">
        <CircleCheck size={20} aria-hidden="true" />
        <div>
          <p className="wb-progress__title">
            {crawl.status === 'complete'
              ? MESSAGES.crawlingCompleted
              : crawl.message || 'Crawling was cancelled'}
          </p>
          <p className="wb-progress__meta">
            {fmt(found)} {found === 1 ? 'page' : 'pages'} found in {seconds(crawl.elapsedMs)}
          </p>
        </div>
      </div>
    );
  }
  if (crawl.status === 'failed') {
    return (
      <div className="wb-progress wb-progress--failed" role="alert">
        <CircleAlert size={20} aria-hidden="true" />
        <p className="wb-progress__title">{crawl.message || 'Crawling failed.'}</p>
      </div>
    );
  }
  return (
    <div className="wb-progress" role="status" aria-live="polite">
      <div className="wb-progress__row">
        <Spinner size={18} />
        <div className="wb-progress__text">
          <p className="wb-progress__title">
            {waiting && found === 0
              ? MESSAGES.websitesWillBeLoaded
              : `Crawling… ${fmt(found)} ${found === 1 ? 'page' : 'pages'} found`}
          </p>
          <p className="wb-progress__meta" data-testid="crawl-stats">
            <span>{crawl.pagesPerSecond.toFixed(1)} pages/s</span>
            <span>{seconds(crawl.elapsedMs)} elapsed</span>
            {crawl.pageCap > 0 && <span>up to {fmt(crawl.pageCap)} pages on your plan</span>}
          </p>
        </div>
        {onStop && (
          <Button variant="secondary" size="sm" onClick={onStop}>
            Stop crawling
          </Button>
        )}
      </div>
      {/* How many pages a site has is unknown until the crawl ends: no fake percentage. */}
      <div className="kb-progress__bar kb-progress__bar--indeterminate" aria-hidden="true">
        <div className="kb-progress__fill" />
      </div>
      {waiting && (
        <p className="wb-progress__note">
          The pages appear for review as soon as the first ones are read.
        </p>
      )}
    </div>
  );
}
