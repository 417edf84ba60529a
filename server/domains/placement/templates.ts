import { formatRupees } from '../../../contract/money.ts';
import { formatIstDateTime } from '../../../contract/time.ts';
import { compose, type MailContext, type Rendered } from '../accounts/index.ts';
import { CONFIRMATION_LIFETIME_HOURS, CONFIRMATION_LINK_PLACEHOLDER } from './confirmation-links.ts';

/** The email to an employer's HR contact asking to confirm an offer (decision record 070). */
export function offerConfirmationEmail(
  ctx: MailContext,
  o: { contactName: string; employer: string; student: string; designation: string; ctc: number; offerDate: string },
): Rendered {
  return compose(ctx, `Please confirm an offer made by ${o.employer}`, `Dear ${o.contactName},`, [
    `${o.student}, a student of ${ctx.institute.legalName}, tells us that ${o.employer} offered them the role of ` +
      `${o.designation} at an annual CTC of ${formatRupees(o.ctc)} on ${o.offerDate}.`,
    'We publish placement figures only from offers an employer has confirmed. Please confirm the offer, ' +
      'correct the designation or CTC, or tell us it was not made, at this link (one use, valid for ' +
      `${CONFIRMATION_LIFETIME_HOURS} hours):`,
    CONFIRMATION_LINK_PLACEHOLDER,
    'If you did not expect this email, you can ignore it: nothing is recorded without your answer.',
  ]);
}

/** The email to a student when their application moves to a stage (decision record 078). */
export function applicationStageEmail(
  ctx: MailContext,
  a: {
    name: string;
    opening: string;
    employer: string;
    stage: string;
    interviewAt: string | null;
    interviewMode: string | null;
  },
): Rendered {
  const interview =
    a.interviewAt && a.interviewMode
      ? [`Interview: ${formatIstDateTime(a.interviewAt)}, ${a.interviewMode.replace('_', ' ')}.`]
      : [];
  return compose(ctx, `Your application to ${a.employer}: ${a.stage}`, `Dear ${a.name},`, [
    `Your application for ${a.opening} at ${a.employer} is now: ${a.stage}.`,
    ...interview,
    'You can follow your applications on your dashboard.',
  ]);
}
