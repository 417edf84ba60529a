import { recipients, type Inbox } from '../../api/support/smtp.ts';

/**
 * The path and fragment of the newest link to `page` (e.g. `reset-password`, `placement/confirm`) in the mail
 * received at `email` (of that subject, when given), as its reader opens it; waits up to 20 s for it.
 */
export async function linkReceived(inbox: Inbox, email: string, page: string, subject?: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  const pattern = new RegExp(`https?://\\S+/${page}#token=[\\w-]+`);
  for (;;) {
    const link = inbox.messages
      .filter((m) => recipients(m).includes(email) && (subject === undefined || m.subject === subject))
      .map((m) => pattern.exec(m.text ?? '')?.[0])
      .filter(Boolean)
      .at(-1);
    if (link) {
      const url = new URL(link);
      return url.pathname + url.hash;
    }
    if (Date.now() > deadline) throw new Error(`no ${page} link received at ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
