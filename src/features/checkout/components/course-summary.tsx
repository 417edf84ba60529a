import { Link, useNavigate } from 'react-router-dom';
import type { CheckoutCourse } from '../../../../machines/checkout.machine.ts';
import { loginWithNext, registerWithNext } from '../../../config/paths.ts';
import { formatINR } from '../../../utils/format.ts';

export function CourseSummary({ course }: { course: CheckoutCourse }) {
  return (
    <aside className="card" aria-labelledby="summary-title">
      <p className="meta">{course.courseType === 'program' ? 'Program' : 'Workshop'}</p>
      <h2 id="summary-title">{course.title}</h2>
      <p className="clamp-3">{course.description}</p>
      <p className="price">
        {course.originalPrice !== null && course.originalPrice > course.price ? (
          <s>
            <span className="visually-hidden">Original price </span>
            {formatINR(course.originalPrice)}
          </s>
        ) : null}
        <span>{course.price === 0 ? 'Free' : formatINR(course.price)}</span>
      </p>
      <p className="meta">Total payable: {formatINR(course.price)}</p>
    </aside>
  );
}

/** A visitor sees the summary and is asked to log in or register, returning here afterwards. */
export function LoginPrompt({ returnTo }: { returnTo: string }) {
  const navigate = useNavigate();
  return (
    <div>
      <p>Please log in or create a student account to enroll. You will come back to this page afterwards.</p>
      <div className="btn-row">
        <Link to={loginWithNext(returnTo)} className="btn btn-primary">
          Log in to continue
        </Link>
        <Link to={registerWithNext(returnTo)} className="btn btn-outline">
          Create an account
        </Link>
        <button type="button" className="btn btn-ghost" onClick={() => navigate(-1)}>
          Back
        </button>
      </div>
    </div>
  );
}
