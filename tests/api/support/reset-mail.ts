import type { MailWorker } from '../../../server/mail/worker.ts';
import { createMailWorker } from '../../../server/mail/worker.ts';
import type { TestContext } from './harness.ts';
import { recipients, startInbox, type Inbox } from './smtp.ts';

/**
 * The owner's mailbox for reset links: a real SMTP server and the app's mail worker sending to it. The
 * token is read from the email as received (the outbox keeps no link), from the link's `#token=` fragment.
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
    async close() {
      await worker.stop();
      await inbox.close();
    },
  };
}
