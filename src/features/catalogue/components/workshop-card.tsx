import { Link } from 'react-router-dom';
import type { Workshop } from '../../../../contract/index.ts';
import { paths } from '../../../config/paths.ts';
import { Badge } from '../../../components/badges.tsx';
import { formatDateTime, formatINR, fullName, plural } from '../../../utils/format.ts';

/** Why a workshop cannot be booked, if it cannot: it has begun (Completed) or every seat is taken (Sold out). */
function workshopClosedLabel(workshop: Workshop, now = Date.now()): 'Completed' | 'Sold out' | null {
  if (Date.parse(workshop.date) <= now) return 'Completed';
  if (workshop.current_participants >= workshop.max_participants) return 'Sold out';
  return null;
}

function WorkshopCard({ workshop }: { workshop: Workshop }) {
  const instructor = fullName(workshop.instructor);
  const free = workshop.price === 0;
  const closed = workshopClosedLabel(workshop);
  return (
    <article className="card" aria-labelledby={`workshop-${workshop.id}`}>
      <div className="badges">
        {free ? <Badge colour="green">Free</Badge> : null}
        {workshop.is_live ? <Badge colour="red">Live</Badge> : null}
      </div>
      <h2 className="card-title" id={`workshop-${workshop.id}`}>
        {workshop.title}
      </h2>
      <p className="clamp-3">{workshop.description}</p>
      <dl className="facts">
        {instructor ? (
          <>
            <dt>Instructor</dt>
            <dd>{instructor}</dd>
          </>
        ) : null}
        <dt>Duration</dt>
        <dd>{plural(workshop.duration_hours, 'hour')}</dd>
        <dt>Date</dt>
        <dd>
          <time dateTime={workshop.date}>{formatDateTime(workshop.date)}</time>
        </dd>
        <dt>Participants</dt>
        <dd>
          {workshop.current_participants}/{workshop.max_participants}
        </dd>
      </dl>
      <p className="price">{free ? 'Free' : formatINR(workshop.price)}</p>
      <div className="actions">
        {closed ? (
          <button type="button" className="btn btn-outline" disabled>
            {closed}
          </button>
        ) : (
          <Link to={paths.checkout.to('workshop', workshop.id)} className="btn btn-primary">
            Enroll Now
          </Link>
        )}
      </div>
    </article>
  );
}

/** The Workshops page's cards. */
export function WorkshopGrid({ workshops }: { workshops: readonly Workshop[] }) {
  return (
    <div className="grid">
      {workshops.map((workshop) => (
        <WorkshopCard key={workshop.id} workshop={workshop} />
      ))}
    </div>
  );
}
