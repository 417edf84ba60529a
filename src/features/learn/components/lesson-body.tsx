import type { Lesson } from '../../../../contract/index.ts';
import { MarkdownText } from '../../../components/markdown-text.tsx';

type Embed = { src: string; host: 'YouTube' | 'Vimeo' };

/**
 * A YouTube or Vimeo address's embeddable player (a watch, short or embed link on youtube.com through
 * YouTube's privacy-enhanced youtube-nocookie.com; a vimeo.com page through player.vimeo.com), or null for
 * any other link. The course page's frame-src allows these hosts (LESSON_FRAME_HOSTS, decision record 066).
 */
export function embedOf(url: string): Embed | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\./, '');
  const youtubePath = /^\/(?:embed|shorts|live)\/([\w-]+)$/.exec(parsed.pathname)?.[1];
  const youtube =
    host === 'youtu.be'
      ? parsed.pathname.slice(1)
      : host === 'youtube.com' || host === 'm.youtube.com' || host === 'youtube-nocookie.com'
        ? (parsed.searchParams.get('v') ?? youtubePath)
        : null;
  if (youtube && /^[\w-]{6,20}$/.test(youtube)) {
    return { src: `https://www.youtube-nocookie.com/embed/${youtube}`, host: 'YouTube' };
  }
  const vimeo =
    host === 'vimeo.com'
      ? /^\/(\d{4,12})$/.exec(parsed.pathname)?.[1]
      : host === 'player.vimeo.com'
        ? /^\/video\/(\d{4,12})$/.exec(parsed.pathname)?.[1]
        : null;
  return vimeo ? { src: `https://player.vimeo.com/video/${vimeo}`, host: 'Vimeo' } : null;
}

type Props = { lesson: Lesson; busy: boolean; onDownload: () => void };

/** What a lesson shows: its text (Markdown, rendered safely), its video or link, or its document. */
export function LessonBody({ lesson, busy, onDownload }: Props) {
  const embed = lesson.kind === 'video' ? embedOf(lesson.url) : null;
  return (
    <div className="lesson-body">
      {embed ? (
        <div className="video-frame">
          <iframe
            src={embed.src}
            title={lesson.title}
            allow="encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      ) : null}
      {embed ? (
        <p className="video-watch">
          <a href={lesson.url} target="_blank" rel="noopener noreferrer">
            Watch on {embed.host}
          </a>
        </p>
      ) : null}
      {lesson.url && (lesson.kind === 'link' || (lesson.kind === 'video' && !embed)) ? (
        <p>
          <a className="btn" href={lesson.url} target="_blank" rel="noopener noreferrer">
            {lesson.kind === 'video' ? 'Watch the video' : 'Open the link'}
          </a>
        </p>
      ) : null}
      {lesson.kind === 'document' && lesson.file ? (
        <p>
          <button type="button" className="btn" disabled={busy} onClick={onDownload}>
            Download {lesson.file_name ?? 'the document'}
          </button>
        </p>
      ) : null}
      {lesson.body ? <MarkdownText className="lesson-text policy-text" source={lesson.body} /> : null}
    </div>
  );
}
