import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';

export function FooterContent() {
  return (
    <footer className="site-footer">
      <div className="container">
        <p>
          Credit Careers Institute — from classroom to credit markets.{' '}
          <Link to={paths.contact}>Book Free Counseling</Link>
        </p>
        <nav aria-label="Policies" className="footer-links">
          <Link to="/privacy">Privacy notice</Link> · <Link to="/terms">Terms</Link> ·{' '}
          <Link to="/refund-policy">Refund policy</Link> · <Link to="/delivery-policy">Delivery policy</Link> ·{' '}
          <Link to="/grievance">Grievance officer</Link> · <Link to={paths.contact}>Contact</Link>
        </nav>
        <p>© {new Date().getFullYear()} Credit Careers Institute. All prices in Indian rupees.</p>
      </div>
    </footer>
  );
}
