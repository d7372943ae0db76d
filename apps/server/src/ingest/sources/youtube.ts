import { marksOf, timeAnchor } from '../../search/places.ts';
import type { IngestDocument } from '../pipeline.ts';

/** sources.input of a 'youtube' source: the transcript fetched at stage 1. */
export interface YoutubeSourceInput {
  videoId: string;
  title: string | null;
  lines: { start: number; text: string }[];
}

/** Captions are sentence fragments; about a minute of them makes a readable paragraph. */
const PARAGRAPH_SECONDS = 60;

export function transcriptText(lines: YoutubeSourceInput['lines']): string {
  const paragraphs: string[][] = [];
  let since = Number.NEGATIVE_INFINITY;
  for (const line of lines) {
    if (line.start - since >= PARAGRAPH_SECONDS || paragraphs.length === 0) {
      paragraphs.push([]);
      since = line.start;
    }
    paragraphs[paragraphs.length - 1]?.push(line.text);
  }
  return paragraphs.map((p) => p.join(' ')).join('\n\n');
}

/** docs/spec.md §9: a video's characters are its transcript's (the lines' text, as shown). */
export const transcriptCharCount = (lines: YoutubeSourceInput['lines']) =>
  lines.reduce((n, l) => n + l.text.length, 0);

export const watchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;

export async function* youtubeDocuments(input: YoutubeSourceInput): AsyncIterable<IngestDocument> {
  const { videoId, title, lines } = input;
  yield {
    title: title ?? watchUrl(videoId),
    text: transcriptText(lines),
    url: watchUrl(videoId),
    kind: 'transcript',
    places: marksOf(lines.map((l) => ({ text: l.text, anchor: timeAnchor(l.start) }))),
  };
}

export const youtubeDocumentCount = () => 1;
