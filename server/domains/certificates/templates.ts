import { compose, type MailContext, type Rendered } from '../accounts/index.ts';

/** The email that announces an issued certificate (decision record 052); the PDF is attached when sent. */
export function certificateIssuedEmail(
  ctx: MailContext,
  c: { name: string; program: string; number: number; url: string },
): Rendered {
  return compose(ctx, `Your certificate: ${c.program}`, `Dear ${c.name},`, [
    `Congratulations on completing ${c.program}. Your certificate (number ${c.number}) is attached to this email (PDF).`,
    `Anyone can check that it is genuine at ${c.url}`,
    `You can download it again from your dashboard and your course page: ${ctx.publicUrl}/dashboard`,
  ]);
}
