import { formatPaiseCompact } from '../../../contract/money.ts';
import type { Institute } from '../../config.ts';

/**
 * The emails, as plain functions returning {subject, text, html}: each has a plain-text and an HTML part,
 * the institute's name and contact details, and amounts formatted as the site formats them (₹65,000).
 */

export type Rendered = { subject: string; text: string; html: string };
export type MailContext = { institute: Institute; publicUrl: string };

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Paragraphs of text (links as `{url}` become anchors in HTML) with the institute's signature. */
export function compose(ctx: MailContext, subject: string, greeting: string, paragraphs: string[]): Rendered {
  const { institute } = ctx;
  const signature = [institute.legalName, institute.address, `${institute.email} · ${institute.phone}`];
  const text = [greeting, ...paragraphs, `— ${signature.join('\n')}`].join('\n\n') + '\n';
  const para = (p: string) =>
    `<p>${escapeHtml(p).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)}</p>`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
${para(greeting)}
${paragraphs.map(para).join('\n')}
<p style="color:#6b7280;font-size:13px">${signature.map(escapeHtml).join('<br>')}</p>
</body></html>`;
  return { subject, text, html };
}

/*
 * Emails that anyone can make the site send to an address they type (welcome, counseling acknowledgement,
 * a sign-up attempt on a taken address) quote nothing that person typed: no name, username, interest,
 * phone or message. The site's own words only, so a form cannot carry an attacker's text to a stranger.
 */

export function welcomeEmail(ctx: MailContext, confirmLink: string): Rendered {
  return compose(ctx, `Welcome to ${ctx.institute.legalName}`, 'Hello,', [
    `Your student account is ready. Browse our programs and workshops and enroll from your dashboard: ${ctx.publicUrl}/dashboard`,
    `Please confirm that this email address is yours (the link works once, within 24 hours): ${confirmLink}`,
    'If you did not create this account, do not open the link; reply to this email and we will close it.',
  ]);
}

/** The confirmation link for an account's new or unconfirmed address (decision record 063). */
export function emailConfirmationEmail(ctx: MailContext, confirmLink: string): Rendered {
  return compose(ctx, 'Confirm your email address', 'Hello,', [
    `An account at ${ctx.institute.legalName} gave this email address as its own. If it is yours, confirm it here (the link works once, within 24 hours): ${confirmLink}`,
    'If you did not ask for this, do not open the link: the address stays unconfirmed.',
  ]);
}

/** To the old address after a change: what happened, and the link that undoes it within 7 days. */
export function emailChangedEmail(ctx: MailContext, undoLink: string): Rendered {
  return compose(ctx, 'Your email address was changed', 'Hello,', [
    `The email address of your account at ${ctx.institute.legalName} was just changed, and every device was signed out.`,
    `If you did not do this, undo it within 7 days: ${undoLink} Your account gets this address back and every device is signed out again; then set a new password.`,
    'If it was you, you need not do anything.',
  ]);
}

/** Someone tried to register with an address that already has an account (the form answered as usual). */
export function registrationAttemptEmail(ctx: MailContext): Rendered {
  return compose(ctx, `Sign-up attempt at ${ctx.institute.legalName}`, 'Hello,', [
    'Someone signed up for a new account with this email address, which already has an account with us. Your own account is unchanged: its password, courses and payments stay yours, and "Forgot password?" for this address reaches it.',
    `If it was you, log in to your existing account instead (forgot your password? ask for a link on the login page): ${ctx.publicUrl}/login`,
    'If it was not you, you need not do anything; reply to this email if you want the other account closed.',
  ]);
}

/** An administrator removed the owner's authenticator app (the reason is told; the owner can set one up again). */
export function secondFactorRemovedEmail(ctx: MailContext, user: { firstName: string; reason: string }): Rendered {
  return compose(ctx, 'Your second factor was removed', `Dear ${user.firstName},`, [
    `An administrator removed the authenticator app from your account. The reason given: ${user.reason}`,
    `You can sign in with your password alone until you set up a new one on your account page: ${ctx.publicUrl}/account`,
    'If you did not ask for this, reply to this email at once.',
  ]);
}

/** What changed among a person's second factors (the notice's words). */
const FACTOR_CHANGES = {
  totp_added: 'An authenticator app was set up',
  totp_removed: 'The authenticator app was turned off',
  passkey_added: 'A passkey was added',
  passkey_removed: 'A passkey was removed',
  recovery_codes_regenerated: 'New recovery codes were made (the old ones no longer work)',
} as const;
export type FactorChange = keyof typeof FACTOR_CHANGES;

/** The owner's notice of any change of their second factors (issue 32), sent to the account's address. */
export function secondFactorChangedEmail(
  ctx: MailContext,
  user: { firstName: string; change: FactorChange },
): Rendered {
  return compose(ctx, 'Your sign-in security changed', `Dear ${user.firstName},`, [
    `${FACTOR_CHANGES[user.change]} on your account just now.`,
    `If this was you, there is nothing to do. You can see your second factors and signed-in devices on your account page: ${ctx.publicUrl}/account`,
    'If it was not you, change your password at once on that page (or with "Forgot password" on the sign-in page) and reply to this email.',
  ]);
}

export function paymentConfirmationEmail(
  ctx: MailContext,
  p: { name: string; course: string; totalPaise: number; invoiceNumber: string },
): Rendered {
  return compose(ctx, `Payment received: ${p.course}`, `Dear ${p.name},`, [
    `We have received your payment of ${formatPaiseCompact(p.totalPaise)} for ${p.course}. You are enrolled: the course is on your dashboard at ${ctx.publicUrl}/dashboard`,
    `Your tax invoice ${p.invoiceNumber} is attached to this email (PDF).`,
  ]);
}

export function paymentFailedEmail(
  ctx: MailContext,
  p: { name: string; course: string; totalPaise: number; retryUrl: string },
): Rendered {
  return compose(ctx, `Payment failed: ${p.course}`, `Dear ${p.name},`, [
    `Your payment of ${formatPaiseCompact(p.totalPaise)} for ${p.course} did not go through, and no money was taken for it.`,
    `You can try again here: ${p.retryUrl}`,
  ]);
}

export function refundEmail(
  ctx: MailContext,
  p: { name: string; course: string; amountPaise: number; creditNoteNumber: string },
): Rendered {
  return compose(ctx, `Refund of ${formatPaiseCompact(p.amountPaise)}: ${p.course}`, `Dear ${p.name},`, [
    `We have refunded ${formatPaiseCompact(p.amountPaise)} of your payment for ${p.course}. Banks usually credit it within 5 to 7 working days.`,
    `Credit note ${p.creditNoteNumber} is attached to this email (PDF).`,
  ]);
}

export type CounselingDetails = {
  name: string;
  email: string;
  phone: string;
  preferredDate: string | null;
  interest: string;
  message: string;
};

export function counselingAcknowledgedEmail(ctx: MailContext, r: Pick<CounselingDetails, 'preferredDate'>): Rendered {
  return compose(ctx, 'We received your counseling request', 'Hello,', [
    `Thank you for booking a free counseling session. A counselor will call you on the number you gave${r.preferredDate ? ` around ${r.preferredDate}` : ''}.`,
    `Questions before then? Write to ${ctx.institute.email} or call ${ctx.institute.phone}.`,
  ]);
}

export function counselingAdminNotice(ctx: MailContext, r: CounselingDetails): Rendered {
  return compose(ctx, `New counseling request: ${r.name}`, 'Hello,', [
    `${r.name} (${r.email}, ${r.phone}) asked for a counseling session.`,
    `Interest: ${r.interest || 'not given'}. Preferred date: ${r.preferredDate ?? 'not given'}.`,
    `Message: ${r.message || '(none)'}`,
    `Counseling requests in the admin panel: ${ctx.publicUrl}/admin`,
  ]);
}

export function passwordResetEmail(ctx: MailContext, p: { firstName: string; link: string }): Rendered {
  return compose(ctx, 'Reset your password', `Dear ${p.firstName},`, [
    `Someone (we hope you) asked to reset the password of your account. Set a new one here within 30 minutes: ${p.link}`,
    'The link works once. If you did not ask for it, ignore this email: your password stays as it is.',
  ]);
}
