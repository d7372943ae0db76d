/**
 * Reading order for one PDF page from positioned text runs (pdf.js text items): runs become
 * lines, lines become segments split at wide gaps, and a vertical gutter free of text turns
 * stretches of the page into columns read left column first, top to bottom.
 */
export interface TextRun {
  str: string;
  /** Baseline origin in PDF user space (y grows upwards). */
  x: number;
  y: number;
  width: number;
  /** Font size in user-space units. */
  size: number;
}

interface Segment {
  x0: number;
  x1: number;
  y: number;
  size: number;
  text: string;
}

/** Runs grouped on one baseline, before they are cut into segments. */
interface RunLine {
  y: number;
  size: number;
  runs: TextRun[];
}

interface Line {
  y: number;
  size: number;
  segments: Segment[];
}

/** A gap wider than this many font sizes separates two segments of a line (columns, cells). */
const SEGMENT_GAP_EM = 1.5;
const MIN_COLUMN_LINES = 4;

/** The lines of a page in reading order; blank strings mark paragraph breaks. */
export function layoutPage(runs: TextRun[], pageWidth: number): string[] {
  const lines = buildLines(runs);
  if (lines.length === 0) return [];
  const gutter = findGutter(lines, pageWidth);
  const ordered = gutter === null ? lines.map(lineAsSegmentRow) : readColumns(lines, gutter);
  return withParagraphBreaks(ordered);
}

function buildLines(runs: TextRun[]): Line[] {
  const usable = runs.filter((r) => r.str.length > 0 && r.size > 0);
  usable.sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: RunLine[] = [];
  for (const run of usable) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(last.y - run.y) <= 0.45 * Math.min(last.size, run.size)) {
      last.runs.push(run);
      last.size = Math.max(last.size, run.size);
    } else {
      lines.push({ y: run.y, size: run.size, runs: [run] });
    }
  }
  return attachMarks(lines)
    .map((l) => ({ y: l.y, size: l.size, segments: toSegments(l.runs, l.y) }))
    .filter((l) => l.segments.length > 0);
}

/** A footnote mark or exponent: at most this many characters, in type this much smaller. */
const MAX_MARK_CHARS = 3;
const MARK_SIZE_RATIO = 0.8;

/**
 * Raised or lowered small type ("…must be conversant¹", "¹ The Debian archive…") sits off its
 * line's baseline, so it forms a line of its own; left so, a lone "1" splits the sentence it
 * belongs to. A line of a mark only, within the height of the line below it (a superscript)
 * or just under the line above (a subscript), joins that line, spaced off its neighbours.
 */
function attachMarks(lines: RunLine[]): RunLine[] {
  const out: RunLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as RunLine;
    const text = line.runs
      .map((r) => r.str)
      .join('')
      .trim();
    const isMark = text.length > 0 && text.length <= MAX_MARK_CHARS;
    const below = lines[i + 1];
    const above = out.at(-1);
    const smallerThan = (other: RunLine) => line.size <= MARK_SIZE_RATIO * other.size;
    const raised = below && smallerThan(below) && line.y - below.y <= 0.8 * below.size;
    const lowered = above && smallerThan(above) && above.y - line.y <= 0.5 * above.size;
    const host = !isMark ? undefined : raised ? below : lowered ? above : undefined;
    if (host) host.runs.push(...line.runs.map((r) => ({ ...r, str: ` ${r.str.trim()} ` })));
    else out.push(line);
  }
  return out;
}

function toSegments(runs: TextRun[], y: number): Segment[] {
  runs.sort((a, b) => a.x - b.x);
  const segments: Segment[] = [];
  let current: Segment | null = null;
  for (const run of runs) {
    if (current) {
      const gap = run.x - current.x1;
      const em = Math.max(current.size, run.size);
      if (gap > SEGMENT_GAP_EM * em && run.str.trim() !== '') {
        segments.push(current);
        current = null;
      } else if (current) {
        const needsSpace = gap > 0.18 * em && !/\s$/.test(current.text) && !/^\s/.test(run.str);
        current.text += (needsSpace ? ' ' : '') + run.str;
        current.x1 = Math.max(current.x1, run.x + run.width);
        current.size = Math.max(current.size, run.size);
        continue;
      }
    }
    if (run.str.trim() === '') continue;
    current = { x0: run.x, x1: run.x + run.width, y, size: run.size, text: run.str };
  }
  if (current) segments.push(current);
  for (const s of segments) s.text = s.text.replace(/\s+/g, ' ').trim();
  return segments.filter((s) => s.text.length > 0);
}

/**
 * The x of a vertical band in the middle of the page that no segment crosses while many
 * segments sit entirely on each side of it, or null for a single-column page.
 */
function findGutter(lines: Line[], pageWidth: number): number | null {
  const segments = lines.flatMap((l) => l.segments);
  if (segments.length < 2 * MIN_COLUMN_LINES) return null;
  let best: { x: number; score: number } | null = null;
  for (let x = pageWidth * 0.3; x <= pageWidth * 0.7; x += 2) {
    let crossing = 0;
    let left = 0;
    let right = 0;
    for (const s of segments) {
      if (s.x0 < x && s.x1 > x) crossing++;
      else if (s.x1 <= x) left++;
      else right++;
    }
    const balanced = Math.min(left, right);
    if (crossing > segments.length * 0.15 || balanced < segments.length * 0.2) continue;
    const score = balanced - 4 * crossing;
    if (!best || score > best.score) best = { x, score };
  }
  if (!best) return null;
  // Columns are only real when many lines pair up on both sides over a good height.
  const leftLines = lines.filter((l) => l.segments.some((s) => s.x1 <= best.x)).length;
  const rightLines = lines.filter((l) => l.segments.some((s) => s.x0 >= best.x)).length;
  return leftLines >= MIN_COLUMN_LINES && rightLines >= MIN_COLUMN_LINES ? best.x : null;
}

interface OutLine {
  y: number;
  size: number;
  text: string;
}

function lineAsSegmentRow(line: Line): OutLine {
  return { y: line.y, size: line.size, text: line.segments.map((s) => s.text).join(' ') };
}

/** Lines crossing the gutter (titles, full-width figures) cut the page into column blocks. */
function readColumns(lines: Line[], gutter: number): OutLine[] {
  const out: OutLine[] = [];
  let left: OutLine[] = [];
  let right: OutLine[] = [];
  const flush = () => {
    out.push(...left, ...right);
    left = [];
    right = [];
  };
  for (const line of lines) {
    const spans = line.segments.some((s) => s.x0 < gutter && s.x1 > gutter);
    if (spans) {
      flush();
      out.push(lineAsSegmentRow(line));
      continue;
    }
    const l = line.segments.filter((s) => s.x1 <= gutter);
    const r = line.segments.filter((s) => s.x0 >= gutter);
    if (l.length) left.push({ y: line.y, size: line.size, text: l.map((s) => s.text).join(' ') });
    if (r.length) right.push({ y: line.y, size: line.size, text: r.map((s) => s.text).join(' ') });
  }
  flush();
  return out;
}

/** Font sizes within this many units share a line spacing. */
const SIZE_CLASS = 0.5;
/** Lines closer than this many font sizes overlap: pieces of one line, not its spacing. */
const MIN_SPACING_EM = 0.9;
/** Two gaps within this share of each other are the same spacing. */
const SAME_GAP = 0.03;

/**
 * The usual distance between lines of each font size on the page: the smallest spacing that
 * recurs between consecutive lines of that size (on a page of one-line paragraphs and list
 * items most gaps are paragraph gaps, so a median would take them for the norm), else their
 * lower median; for a size seen once, the lower median of every gap on the page.
 */
function lineSpacings(lines: OutLine[]): (size: number) => number {
  const all: number[] = [];
  const bySize = new Map<number, number[]>();
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1] as OutLine;
    const line = lines[i] as OutLine;
    const gap = prev.y - line.y;
    if (gap <= 0) continue;
    all.push(gap);
    if (Math.abs(prev.size - line.size) > SIZE_CLASS || gap < MIN_SPACING_EM * line.size) continue;
    const key = Math.round(line.size / SIZE_CLASS);
    bySize.set(key, [...(bySize.get(key) ?? []), gap]);
  }
  // Lower median: on short pages the paragraph gaps must not become the norm.
  const lowerMedian = (gaps: number[]) => gaps[Math.floor((gaps.length - 1) / 2)] ?? 0;
  const spacing = new Map<number, number>();
  for (const [key, gaps] of bySize) {
    gaps.sort((a, b) => a - b);
    const recurring = gaps.find((g, i) => (gaps[i + 1] ?? Infinity) <= g * (1 + SAME_GAP));
    spacing.set(key, recurring ?? lowerMedian(gaps));
  }
  const fallback = lowerMedian(all.sort((a, b) => a - b));
  return (size) => spacing.get(Math.round(size / SIZE_CLASS)) ?? fallback;
}

/** A vertical jump clearly larger than the usual line spacing starts a new paragraph. */
function withParagraphBreaks(lines: OutLine[]): string[] {
  const usual = lineSpacings(lines);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as OutLine;
    const prev = lines[i - 1];
    if (prev) {
      const gap = prev.y - line.y;
      const spacing = usual(line.size);
      // Upward jumps are column changes; big downward jumps are paragraph or block breaks.
      if (gap < 0 || (spacing > 0 && gap > spacing * 1.45 && gap > line.size * 1.2)) out.push('');
    }
    out.push(line.text);
  }
  return out;
}
