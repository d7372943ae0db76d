/**
 * The video id from any YouTube address people paste: watch (any parameter order, with
 * timestamps and playlists), youtu.be, shorts, embed, live, /v/, mobile and music hosts,
 * youtube-nocookie embeds, and attribution links. null when it is not a video address.
 */
const ID = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const PATH_FORMS = new Set(['shorts', 'embed', 'live', 'v', 'e']);

export function parseYoutubeVideoId(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') {
    candidate = parts[0];
  } else if (HOSTS.has(host)) {
    if (parts[0] === 'watch') candidate = url.searchParams.get('v');
    else if (parts[0] && PATH_FORMS.has(parts[0])) candidate = parts[1];
    else if (parts[0] === 'attribution_link') {
      const inner = url.searchParams.get('u');
      return inner ? parseYoutubeVideoId(new URL(inner, 'https://www.youtube.com').href) : null;
    }
  }
  return candidate && ID.test(candidate) ? candidate : null;
}
