import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container">
        <p>
          Credit Careers Institute — from classroom to credit markets.{' '}
          <Link to={paths.contact}>Book Free Counseling</Link>
        </p>
        <p>© {new Date().getFullYear()} Credit Careers Institute. All prices in Indian rupees.</p>
      </div>
    </footer>
  );
}
