import { ContactPage } from '../../features/contact/components/contact-page.tsx';
import { appContactMachine } from '../composition/contact.ts';

/** /contact — Book Free Counseling on its machine. */
export function ContactRoute() {
  return <ContactPage logic={appContactMachine} />;
}
