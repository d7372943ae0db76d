import { cleanCaptionText } from './entities.ts';

export interface TranscriptLine {
  /** Seconds from the start of the video. */
  start: number;
  duration: number;
  text: string;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Caption lines from a timedtext body in any of YouTube's formats: srv1 XML
 * (`<text start dur>`), srv3 XML (`<p t d>` in milliseconds) or json3. Empty cues are dropped.
 */
export function parseTimedText(body: string): TranscriptLine[] {
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{')) return parseJson3(trimmed);
  const lines: TranscriptLine[] = [];
  const srv1 = /<text\b([^>]*)>([\s\S]*?)<\/text>|<text\b([^>]*)\/>/g;
  for (const m of trimmed.matchAll(srv1)) {
    const attrs = attributes(m[1] ?? m[3] ?? '');
    const text = cleanCaptionText(m[2] ?? '');
    if (!text) continue;
    lines.push({
      start: round(Number(attrs.start ?? 0)),
      duration: round(Number(attrs.dur ?? 0)),
      text,
    });
  }
  if (lines.length) return lines;
  const srv3 = /<p\b([^>]*)>([\s\S]*?)<\/p>/g;
  for (const m of trimmed.matchAll(srv3)) {
    const attrs = attributes(m[1] ?? '');
    const text = cleanCaptionText(m[2] ?? '');
    if (!text) continue;
    lines.push({
      start: round(Number(attrs.t ?? 0) / 1000),
      duration: round(Number(attrs.d ?? 0) / 1000),
      text,
    });
  }
  return lines;
}

function attributes(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of raw.matchAll(/([a-zA-Z_:][\w:.-]*)\s*=\s*"([^"]*)"/g))
    out[m[1] as string] = m[2] as string;
  return out;
}

interface Json3 {
  events?: { tStartMs?: number; dDurationMs?: number; segs?: { utf8?: string }[] }[];
}

function parseJson3(body: string): TranscriptLine[] {
  let data: Json3;
  try {
    data = JSON.parse(body) as Json3;
  } catch {
    return [];
  }
  return (data.events ?? []).flatMap((e) => {
    const text = cleanCaptionText((e.segs ?? []).map((s) => s.utf8 ?? '').join(''));
    if (!text) return [];
    return [
      {
        start: round((e.tStartMs ?? 0) / 1000),
        duration: round((e.dDurationMs ?? 0) / 1000),
        text,
      },
    ];
  });
}
