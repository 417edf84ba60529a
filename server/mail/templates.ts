import type { Institute } from '../config.ts';

/**
 * The emails, as plain functions returning {subject, text, html}: each has a plain-text and an HTML part,
 * the institute's name and contact details, and amounts formatted as the site formats them (₹65,000).
 */

export type Rendered = { subject: string; text: string; html: string };
export type MailContext = { institute: Institute; publicUrl: string };

const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** As on the site: ₹65,000; paise only when there are some (₹1,180.50). */
export function formatRupees(paise: number): string {
  return inr.format(paise / 100);
}

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

export function welcomeEmail(ctx: MailContext, user: { firstName: string; username: string }): Rendered {
  return compose(ctx, `Welcome to ${ctx.institute.legalName}`, `Dear ${user.firstName || user.username},`, [
    `Your account ${user.username} is ready. Browse our programs and workshops and enroll from your dashboard: ${ctx.publicUrl}/dashboard`,
    'If you did not create this account, reply to this email and we will close it.',
  ]);
}

export function paymentConfirmationEmail(
  ctx: MailContext,
  p: { name: string; course: string; totalPaise: number; invoiceNumber: string },
): Rendered {
  return compose(ctx, `Payment received: ${p.course}`, `Dear ${p.name},`, [
    `We have received your payment of ${formatRupees(p.totalPaise)} for ${p.course}. You are enrolled: the course is on your dashboard at ${ctx.publicUrl}/dashboard`,
    `Your tax invoice ${p.invoiceNumber} is attached to this email (PDF).`,
  ]);
}

export function paymentFailedEmail(
  ctx: MailContext,
  p: { name: string; course: string; totalPaise: number; retryUrl: string },
): Rendered {
  return compose(ctx, `Payment failed: ${p.course}`, `Dear ${p.name},`, [
    `Your payment of ${formatRupees(p.totalPaise)} for ${p.course} did not go through, and no money was taken for it.`,
    `You can try again here: ${p.retryUrl}`,
  ]);
}

export function refundEmail(
  ctx: MailContext,
  p: { name: string; course: string; amountPaise: number; creditNoteNumber: string },
): Rendered {
  return compose(ctx, `Refund of ${formatRupees(p.amountPaise)}: ${p.course}`, `Dear ${p.name},`, [
    `We have refunded ${formatRupees(p.amountPaise)} of your payment for ${p.course}. Banks usually credit it within 5 to 7 working days.`,
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

export function counselingAcknowledgedEmail(ctx: MailContext, r: CounselingDetails): Rendered {
  return compose(ctx, 'We received your counseling request', `Dear ${r.name},`, [
    `Thank you for booking a free counseling session${r.interest ? ` about ${r.interest}` : ''}. A counselor will call you on ${r.phone}${r.preferredDate ? ` around ${r.preferredDate}` : ''}.`,
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
