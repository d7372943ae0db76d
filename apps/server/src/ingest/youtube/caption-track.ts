export interface CaptionTrack {
  baseUrl: string;
  languageCode: string;
  /** 'asr' for YouTube's automatic captions. */
  kind?: string;
  name?: { simpleText?: string; runs?: { text?: string }[] };
}

/**
 * The track to read: the video's own language (the language of its automatic captions, which
 * follow the audio) preferring human captions, else English, else the first track.
 */
export function chooseCaptionTrack(tracks: CaptionTrack[]): CaptionTrack | null {
  if (tracks.length === 0) return null;
  const base = (code: string) => code.toLowerCase().split(/[-_]/)[0] ?? '';
  const pick = (lang: string) => {
    const same = tracks.filter((t) => base(t.languageCode) === lang);
    return same.find((t) => t.kind !== 'asr') ?? same[0] ?? null;
  };
  const spoken = tracks.find((t) => t.kind === 'asr');
  return (spoken && pick(base(spoken.languageCode))) ?? pick('en') ?? (tracks[0] as CaptionTrack);
}
