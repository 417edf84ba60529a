import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteFromEnv } from '../../server/platform/config-site.ts';
import { createTestApp, type TestContext } from './support/harness.ts';

/**
 * Issue 39 / decision record 066: LESSON_FRAME_HOSTS changes the video players the course page may frame
 * (YouTube's no-cookie domain and Vimeo by default); every other page keeps frame-src 'none'.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { site: siteFromEnv({ LESSON_FRAME_HOSTS: 'https://player.example.in' }) } });
});
afterAll(async () => ctx?.close());

const policy = async (url: string) => {
  const res = await fetch(`${ctx.url}${url}`);
  return res.headers.get('content-security-policy') ?? '';
};

describe('LESSON_FRAME_HOSTS', () => {
  it('the course page may frame only the hosts configured; other pages none', async () => {
    expect(await policy('/learn/1')).toMatch(/frame-src https:\/\/player\.example\.in(;|$)/);
    expect(await policy('/learn/1')).not.toContain('youtube-nocookie');
    expect(await policy('/programs')).toContain("frame-src 'none'");
  });

  it('defaults to YouTube’s no-cookie domain and Vimeo; empty allows none; anything but https origins is refused at start', () => {
    expect(siteFromEnv({}).lessonFrameHosts).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
    expect(siteFromEnv({ LESSON_FRAME_HOSTS: '' }).lessonFrameHosts).toEqual([]);
    expect(() => siteFromEnv({ LESSON_FRAME_HOSTS: 'http://player.example.in' })).toThrow(/https origins/);
  });
});
