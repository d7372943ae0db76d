import { ArrowRight, Globe, ListTree } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { KnowledgeFrame, RouteTabs } from '../knowledge/index.ts';
import { CrawlProgress } from './CrawlProgress.tsx';
import { type CrawlKind, type CrawlState, useCrawl } from './crawl-store.ts';
import { hostOf } from './host.ts';
import { useCrawlFeed } from './use-crawl-feed.ts';
import { useCrawlStart } from './use-crawl-start.ts';
import type { WebsiteFlow } from './website-flows.ts';
import './website.css';

type Mode = CrawlKind;

const COPY: Record<Mode, { placeholder: string; label: string; button: string; hint: string }> = {
  website: {
    label: 'Website URL',
    placeholder: 'https://www.example.com',
    button: 'Crawl all pages',
    hint: 'We follow the links of this site and list every page we find for you to review.',
  },
  sitemap: {
    label: 'Sitemap URL',
    placeholder: 'https://www.example.com/sitemap.xml',
    button: 'Crawl sitemap',
    hint: 'Pages listed in the sitemap are fetched, including ones no link leads to.',
  },
};

/** /crawl, /sitemap and their /datasource twins: start a crawl (docs/spec.md §2, §4 stages 1 and 3). */
export function CrawlForm({ flow, mode }: { flow: WebsiteFlow; mode: Mode }) {
  const crawl = useCrawl();
  // Kept here, not in the form: the address is still there after a stopped or empty crawl.
  const [url, setUrl] = useState('');
  const [fetchImages, setFetchImages] = useState(false);
  const urlId = `${useId()}-url`;
  const { error, busy, start, stop } = useCrawlStart(crawl, flow, mode, () =>
    document.getElementById(urlId)?.focus(),
  );
  const active = crawl.crawlId !== null && crawl.status === 'running' && !crawl.received;
  useCrawlFeed(active ? crawl.crawlId : null);
  return (
    <KnowledgeFrame
      flow={flow.frame}
      title="Crawl New Website"
      description="Train your chatbot on the pages of your website."
      back={{ to: flow.back, label: 'Back' }}
    >
      <section className="panel kb-panel" aria-label="Website crawl">
        <RouteTabs
          label="Crawl mode"
          current={mode === 'website' ? flow.crawl : flow.sitemap}
          tabs={[
            { label: 'All Pages', to: flow.crawl, icon: <Globe size={16} aria-hidden="true" /> },
            {
              label: 'Sitemap',
              to: flow.sitemap,
              icon: <ListTree size={16} aria-hidden="true" />,
            },
          ]}
        />
        {active ? (
          <CrawlProgress crawl={crawl} onStop={stop} waiting />
        ) : (
          <CrawlUrlForm
            urlId={urlId}
            mode={mode}
            url={[url, setUrl]}
            fetchImages={[fetchImages, setFetchImages]}
            error={error}
            busy={busy}
            onStart={() => void start(url, fetchImages)}
          />
        )}
        {crawl.crawlId !== null && crawl.received && <PendingReview crawl={crawl} flow={flow} />}
      </section>
    </KnowledgeFrame>
  );
}

type Field<T> = [T, (value: T) => void];

function CrawlUrlForm({
  urlId,
  mode,
  url: [url, setUrl],
  fetchImages: [fetchImages, setFetchImages],
  error,
  busy,
  onStart,
}: {
  urlId: string;
  mode: Mode;
  url: Field<string>;
  fetchImages: Field<boolean>;
  error: string;
  busy: boolean;
  onStart: () => void;
}) {
  const copy = COPY[mode];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onStart();
  };
  return (
    <form className="kb-form" onSubmit={onSubmit} noValidate>
      <TextField
        id={urlId}
        label={copy.label}
        name="website_url"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder={copy.placeholder}
        value={url}
        error={error}
        hint={copy.hint}
        onChange={(e) => setUrl(e.target.value)}
      />
      <label className="wb-check">
        <input
          type="checkbox"
          checked={fetchImages}
          onChange={(e) => setFetchImages(e.target.checked)}
        />
        <span className="wb-check__box" aria-hidden="true" />
        <span>Do you want to fetch content from images?</span>
      </label>
      <div className="kb-form__actions">
        <div className="kb-form__actions-end">
          <Button type="submit" loading={busy}>
            {copy.button}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** A crawl with pages is waiting: link back to its review. */
function PendingReview({ crawl, flow }: { crawl: CrawlState; flow: WebsiteFlow }) {
  return (
    <div className="kb-pending">
      <span>
        {crawl.pages.length - crawl.removed.size} pages of {hostOf(crawl.startUrl)} are waiting for
        review
      </span>
      <Link to={flow.listing}>
        Review pages <ArrowRight size={14} aria-hidden="true" />
      </Link>
    </div>
  );
}
