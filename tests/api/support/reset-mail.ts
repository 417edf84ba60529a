import type { MailWorker } from '../../../server/platform/mail/worker.ts';
import { createMailWorker } from '../../../server/platform/mail/worker.ts';
import { IDENTITY_PATHS } from '../../../contract/index.ts';
import type { TestContext, TestUser } from './harness.ts';
import { recipients, startInbox, type Inbox } from './smtp.ts';

/**
 * The owner's mailbox for reset, email confirmation and undo links: a real SMTP server and the app's mail
 * worker sending to it. The token is read from the email as received (the outbox keeps no link), from the
 * link's `#token=` fragment.
 */
export async function startResetMailbox(ctx: TestContext) {
  const inbox: Inbox = await startInbox();
  const worker: MailWorker = createMailWorker({
    db: ctx.db,
    dialect: ctx.app.deps.dialect,
    config: { ...ctx.config, smtpUrl: inbox.url },
  });
  return {
    inbox,
    /** Sends what is due; answers the link of the newest reset email received at `email`. */
    async linkFor(email: string): Promise<string> {
      await worker.runOnce();
      const mail = inbox.messages
        .filter((m) => recipients(m).some((to) => to.toLowerCase() === email.toLowerCase()))
        .at(-1);
      const link = /https?:\/\/\S+\/reset-password#token=[\w-]+/.exec(mail?.text ?? '')?.[0];
      if (!link) throw new Error(`no reset link received at ${email}`);
      return link;
    },
    /** Sends what is due; answers the text of the newest email received at `email` (or ''). */
    async textFor(email: string): Promise<string> {
      await worker.runOnce();
      const mail = inbox.messages.filter((m) => recipients(m).some((to) => to.toLowerCase() === email.toLowerCase()));
      return mail.at(-1)?.text ?? '';
    },
    async tokenFor(email: string): Promise<string> {
      return new URL(await this.linkFor(email)).hash.replace('#token=', '');
    },
    /** Sends what is due; answers the token of the newest confirmation (or undo) link received at `email`. */
    async emailTokenFor(email: string, page: 'confirm-email' | 'undo-email-change' = 'confirm-email') {
      await worker.runOnce();
      const pattern = new RegExp(`https?://\\S+/${page}#token=([\\w-]+)`);
      const token = inbox.messages
        .filter((m) => recipients(m).some((to) => to.toLowerCase() === email.toLowerCase()))
        .map((m) => pattern.exec(m.text ?? '')?.[1])
        .filter(Boolean)
        .at(-1);
      if (!token) throw new Error(`no ${page} link received at ${email}`);
      return token;
    },
    /**
     * The user confirms their current address as its owner would: asks for the link from the account page,
     * reads it from the email received and opens it.
     */
    async confirm(user: TestUser): Promise<void> {
      const { email } = await ctx.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      const asked = await ctx.request({ method: 'POST', url: IDENTITY_PATHS.emailConfirmation, token: user.access });
      if (asked.status !== 202) throw new Error(`confirmation not sent: ${asked.status} ${asked.raw}`);
      const token = await this.emailTokenFor(email);
      const opened = await ctx.request({ method: 'POST', url: IDENTITY_PATHS.confirmEmail, body: { token } });
      if (opened.status !== 204) throw new Error(`confirmation refused: ${opened.status} ${opened.raw}`);
    },
    async close() {
      await worker.stop();
      await inbox.close();
    },
  };
}
