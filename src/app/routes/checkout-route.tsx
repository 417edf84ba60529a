import { useParams } from 'react-router-dom';
import { CheckoutPage } from '../../features/checkout/components/checkout-page.tsx';
import { appCheckoutMachine } from '../composition/checkout.ts';

/** /payment/:type/:id — a new checkout machine for each course (the key). */
export function CheckoutRoute() {
  const { type = '', id = '' } = useParams();
  return <CheckoutPage key={`${type}/${id}`} logic={appCheckoutMachine} courseType={type} courseId={id} />;
}
