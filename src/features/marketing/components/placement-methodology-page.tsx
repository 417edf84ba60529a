import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';

/**
 * How every placement figure on this site is computed (decision record 070), following the definitions of
 * the Indian Placement Reporting Standards (IPRS) and the CCPA's 2024 guidelines for coaching advertisements.
 */
export function PlacementMethodologyPage() {
  return (
    <div className="container narrow">
      <h1>How we count placements</h1>
      <p>
        Every placement figure on this site is computed by the site from the placement record, batch by batch. None is
        typed into a page. The definitions follow the Indian Placement Reporting Standards (IPRS).
      </p>
      <h2>What is counted</h2>
      <ul>
        <li>
          <strong>Batches:</strong> only batches that have ended. A batch still running is not reported.
        </li>
        <li>
          <strong>Students who completed:</strong> students of those batches whose enrollment was completed or who hold
          a valid certificate.
        </li>
        <li>
          <strong>Eligible students:</strong> students who completed, less those who opted out of placement (higher
          studies, a family business, a job they already held).
        </li>
        <li>
          <strong>Placed:</strong> eligible students with at least one <em>verified</em> offer. An offer is verified
          when the employer confirms it through a link sent to its HR on the employer&apos;s own domain, or when the
          placement office has checked the offer letter (recorded with a note). An offer a student reported that is not
          yet verified, or that was rejected, counts in no figure.
        </li>
        <li>
          <strong>Placement rate:</strong> placed divided by eligible.
        </li>
        <li>
          <strong>CTC:</strong> the annual cost to company of each placed student&apos;s highest verified offer (one
          figure per student). We report the median, the highest and the lowest, not an average, so a few large offers
          cannot lift the figure.
        </li>
        <li>
          <strong>Employers and hiring partners:</strong> employers that made at least one verified offer. An employer
          is shown as a partner without one only when the office records why (for example a signed campus agreement).
        </li>
      </ul>
      <h2>As of when</h2>
      <p>
        Each figure says the day of the latest change to the record it was computed from. The figures change as soon as
        an offer is verified or rejected.
      </p>
      <h2>What we do not claim</h2>
      <p>
        We offer placement assistance to every student: coaching, mock interviews, introductions to employers. We do not
        promise anyone a job or a salary; nobody can.
      </p>
      <p>
        <Link to={paths.placement}>Back to the placement record</Link>
      </p>
    </div>
  );
}
