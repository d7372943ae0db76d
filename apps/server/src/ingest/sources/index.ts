import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { IngestDocument } from '../pipeline.ts';
import { type WebsiteSourceInput, websiteDocumentCount, websiteDocuments } from './crawl.ts';
import { type ImagesSourceInput, imageDocumentCount, imageDocuments } from './images.ts';
import { type PdfSourceInput, pdfDocumentCount, pdfDocuments } from './pdf.ts';
import { type QaSourceInput, qaDocumentCount, qaDocuments } from './qa.ts';
import { sitemapDocumentCount, sitemapDocuments } from './sitemap.ts';
import { type TextSourceInput, textDocumentCount, textDocuments } from './text.ts';
import { type YoutubeSourceInput, youtubeDocumentCount, youtubeDocuments } from './youtube.ts';

/** Every source type and the input its row keeps (sources.type → sources.input). */
export interface SourceInputs {
  text: TextSourceInput;
  qa: QaSourceInput;
  csv: QaSourceInput;
  pdf: PdfSourceInput;
  images: ImagesSourceInput;
  youtube: YoutubeSourceInput;
  website: WebsiteSourceInput;
  sitemap: WebsiteSourceInput;
}
export type SourceType = keyof SourceInputs;

/** A source to train: its type with exactly that type's input (a discriminated union). */
export type SourceSpec<T extends SourceType = SourceType> = {
  [K in T]: { type: K; input: SourceInputs[K] };
}[T];

/** What loaders may read besides the input: crawled pages live in the database. */
export interface LoaderDeps {
  db: Kysely<DB>;
}

/** How a source type turns its input into documents, and how many it will yield. */
interface SourceLoader<I> {
  documents(input: I, deps: LoaderDeps): AsyncIterable<IngestDocument>;
  count(input: I): number;
}

/** One line per source type; the compiler holds each loader to its type's input. */
const LOADERS: { [K in SourceType]: SourceLoader<SourceInputs[K]> } = {
  text: { documents: textDocuments, count: textDocumentCount },
  qa: { documents: qaDocuments, count: qaDocumentCount },
  csv: { documents: qaDocuments, count: qaDocumentCount },
  pdf: { documents: pdfDocuments, count: pdfDocumentCount },
  images: { documents: imageDocuments, count: imageDocumentCount },
  youtube: { documents: youtubeDocuments, count: youtubeDocumentCount },
  website: { documents: websiteDocuments, count: websiteDocumentCount },
  sitemap: { documents: sitemapDocuments, count: sitemapDocumentCount },
};

/**
 * A stored source row as a SourceSpec. Rows are written from a SourceSpec (insertSource), so
 * only the type needs checking: one this server does not know fails that source's training.
 */
export function storedSource(row: { type: string; input: unknown }): SourceSpec {
  if (!Object.hasOwn(LOADERS, row.type)) throw new Error(`No loader for source type ${row.type}`);
  return row as SourceSpec;
}

export function sourceDocuments<K extends SourceType>(
  source: SourceSpec<K>,
  deps: LoaderDeps,
): AsyncIterable<IngestDocument> {
  const loader: SourceLoader<SourceInputs[K]> = LOADERS[source.type];
  return loader.documents(source.input, deps);
}

export function sourceDocumentCount<K extends SourceType>(source: SourceSpec<K>): number {
  const loader: SourceLoader<SourceInputs[K]> = LOADERS[source.type];
  return loader.count(source.input);
}
