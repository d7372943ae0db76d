import { isSitemapAddress, MESSAGES } from '@docent/shared';
import { ArrowRight, Globe, ListTree } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { KnowledgeFrame, RouteTabs } from '../knowledge/KnowledgeFrame.tsx';
import { CrawlProgress } from './CrawlProgress.tsx';
import { beginCrawl, resetCrawl, useCrawl } from './crawl-store.ts';
import { useCrawlFeed } from './use-crawl-feed.ts';
import { cancelCrawl, startSitemapCrawl, startWebsiteCrawl } from './website.api.ts';
import type { WebsiteFlow } from './website-flows.ts';
import './website.css';

type Mode = 'website' | 'sitemap';

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

/** /crawl, /sitemap and their /datasource twins: start a crawl (spec §2, §4 stages 1 and 3). */
export function CrawlForm({ flow, mode }: { flow: WebsiteFlow; mode: Mode }) {
  const navigate = useNavigate();
  const crawl = useCrawl();
  const copy = COPY[mode];
  const ids = useId();
  const [url, setUrl] = useState('');
  const [fetchImages, setFetchImages] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  /** Set when this form started the crawl: a crawl that ends with no page is reported here. */
  const started = useRef(false);

  const active = crawl.crawlId !== null && crawl.status === 'running' && !crawl.received;
  useCrawlFeed(active ? crawl.crawlId : null);

  // The first page list opens the review (also for a crawl started before a reload).
  const hadPages = useRef(crawl.received);
  useEffect(() => {
    if (!crawl.crawlId) {
      hadPages.current = false;
      return;
    }
    if (crawl.received) {
      if (!hadPages.current) {
        hadPages.current = true;
        started.current = false;
        navigate(flow.listing);
      }
      return;
    }
    hadPages.current = false;
    if (started.current && crawl.status !== 'running') {
      // Finished without a single page: say why and let the user try another address.
      started.current = false;
      setError(crawl.message || 'No pages could be crawled from this website.');
      resetCrawl();
    }
  }, [crawl, flow.listing, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = url.trim();
    if (!value) return fail(MESSAGES.enterWebsiteUrl);
    if (mode === 'sitemap' && !isSitemapAddress(value)) return fail(MESSAGES.sitemapInvalid);
    setError('');
    setBusy(true);
    try {
      const reply =
        mode === 'website'
          ? await startWebsiteCrawl(value, fetchImages)
          : await startSitemapCrawl(value, fetchImages);
      const crawlId = reply.response?.crawl_id;
      if (reply.hasError || !crawlId) return fail(reply.message || 'Crawling could not start.');
      started.current = true;
      beginCrawl(crawlId, mode, value);
      if (reply.message) toast.info(reply.message, { toastId: 'websites-will-be-loaded' });
    } catch (err) {
      fail(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  function fail(message: string) {
    setError(message);
    document.getElementById(`${ids}-url`)?.focus();
  }

  const onStop = async () => {
    const id = crawl.crawlId;
    started.current = false;
    resetCrawl();
    if (id) await cancelCrawl(id).catch(() => undefined);
  };

  const reviewing = crawl.crawlId !== null && crawl.received;

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
          <CrawlProgress crawl={crawl} onStop={onStop} waiting />
        ) : (
          <form className="kb-form" onSubmit={onSubmit} noValidate>
            <TextField
              id={`${ids}-url`}
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
        )}
        {reviewing && (
          <div className="kb-pending">
            <span>
              {crawl.pages.length - crawl.removed.size} pages of {hostOf(crawl.startUrl)} are
              waiting for review
            </span>
            <Link to={flow.listing}>
              Review pages <ArrowRight size={14} aria-hidden="true" />
            </Link>
          </div>
        )}
      </section>
    </KnowledgeFrame>
  );
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
