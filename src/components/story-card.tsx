import { feeText } from '../../contract/story-text.ts';
import type { PublicSuccessStory } from '../../contract/stories.ts';
import { formatDate, formatINR } from '../utils/format.ts';

/**
 * A success story as the Placement page shows it (decision record 079): the course beside it (title,
 * duration, paid or free with the fee, batch), and only the items the student consented to; an item the
 * answer leaves out is not shown at all. The consent screen shows the same card as a preview.
 */
export function StoryCard({ story, headingLevel = 3 }: { story: PublicSuccessStory; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const title = story.student_name ?? 'A student of the institute';
  const course = story.course;
  return (
    <article className="card" aria-labelledby={`story-${story.id}`}>
      {story.photo ? (
        <img className="avatar" src={story.photo} alt={title} width={48} height={48} />
      ) : (
        <span className="avatar" aria-hidden="true">
          {title.charAt(0).toUpperCase()}
        </span>
      )}
      <Heading id={`story-${story.id}`}>{title}</Heading>
      <p className="subtitle">
        {story.designation}
        {story.placement_company_name ? ` at ${story.placement_company_name}` : ''}
      </p>
      {story.annual_ctc !== undefined ? (
        <p className="highlight">Annual CTC (verified offer): {formatINR(story.annual_ctc)}</p>
      ) : null}
      <p className="meta">{story.story}</p>
      <dl className="meta story-course">
        <dt>Course taken</dt>
        <dd>
          {course.program_title} ({course.duration_weeks} weeks)
        </dd>
        <dt>Batch</dt>
        <dd>
          {course.batch_name}, {formatDate(course.batch_starts_on)} to {formatDate(course.batch_ends_on)}
        </dd>
        <dt>Fee</dt>
        <dd>{feeText(course)}</dd>
      </dl>
    </article>
  );
}
