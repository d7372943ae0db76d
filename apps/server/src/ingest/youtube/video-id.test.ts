import { describe, expect, it } from 'vitest';
import { parseYoutubeVideoId } from './video-id.ts';

describe('parseYoutubeVideoId', () => {
  const id = 'fxZWtc0mYpQ';
  it.each([
    `https://www.youtube.com/watch?v=${id}`,
    `http://youtube.com/watch?v=${id}`,
    `www.youtube.com/watch?v=${id}`,
    `youtube.com/watch?v=${id}&t=42s`,
    `https://www.youtube.com/watch?feature=share&v=${id}&list=PL8dPuuaLjXtOPRKzVLY0jJY-uHOH9KVU6&index=3`,
    `https://m.youtube.com/watch?v=${id}`,
    `https://music.youtube.com/watch?v=${id}&si=abc`,
    `https://youtu.be/${id}`,
    `https://youtu.be/${id}?t=120`,
    `youtu.be/${id}?si=XyZ`,
    `https://www.youtube.com/shorts/${id}`,
    `https://youtube.com/shorts/${id}?feature=share`,
    `https://www.youtube.com/embed/${id}?start=10`,
    `https://www.youtube-nocookie.com/embed/${id}`,
    `https://www.youtube.com/live/${id}?si=x`,
    `https://www.youtube.com/v/${id}`,
    `https://www.youtube.com/attribution_link?a=x&u=%2Fwatch%3Fv%3D${id}%26feature%3Dshare`,
    `  https://www.youtube.com/watch?v=${id}  `,
  ])('reads %s', (url) => {
    expect(parseYoutubeVideoId(url)).toBe(id);
  });

  it.each([
    '',
    'not a url',
    'https://www.youtube.com/',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UCX6b17PVsYBQ0ip5gyeme-Q',
    `https://evil.example/watch?v=${id}`,
    `https://youtube.com.evil.example/watch?v=${id}`,
    `javascript:alert(1)//youtu.be/${id}`,
    `ftp://youtu.be/${id}`,
  ])('refuses %s', (url) => {
    expect(parseYoutubeVideoId(url)).toBeNull();
  });
});
