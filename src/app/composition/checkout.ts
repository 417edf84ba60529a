import { fromPromise } from 'xstate';
import {
  checkoutMachine,
  type CheckoutCourse,
  type LoadCourseInput,
  type PayInput,
} from '../../../machines/checkout.machine.ts';
import { loadCheckoutCourse, payForCourse } from '../../features/checkout/api/checkout-api.ts';

export const appCheckoutMachine = checkoutMachine.provide({
  actors: {
    loadCourse: fromPromise<CheckoutCourse, LoadCourseInput>(({ input }) =>
      loadCheckoutCourse(input.courseType, input.courseId),
    ),
    pay: fromPromise<unknown, PayInput>(({ input }) => payForCourse(input.courseType, input.courseId, input.form)),
  },
});
