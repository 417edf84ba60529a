import type { FastifyInstance } from 'fastify';
import {
  AcceptInput,
  AnnouncementInput,
  HideInput,
  MarkReadInput,
  MessageQuery,
  NOTIFY_PATHS as P,
  NotificationQuery,
  PreferencesInput,
  LessonQuestionInput,
  ReplyInput,
  WhatsAppChoice,
} from '../../../contract/notifications.ts';
import { idParam, parse, parseQuery } from '../../platform/lib/validate.ts';
import { adminOnly, authenticated, requireAdmin, requireUser } from '../../platform/http/auth.ts';
import { postAnnouncement } from './announcements.ts';
import { chooseWhatsApp, preferencesOf, savePreferences } from './channels.ts';
import { adminMessages } from './messages.ts';
import { acceptAnswer, askQuestion, hide, lessonQuestions, replyTo } from './questions.ts';
import { listNotifications, markRead, registerTemplates } from './service.ts';
import { selfOrigin } from '../../platform/config-site.ts';
import { addFallback } from './fallback.ts';
import { createMessagingSandbox, MESSAGING_SANDBOX_PREFIX } from './sandbox.ts';
import { createUnreadHub } from './stream.ts';
import { setupMessaging } from './setup.ts';
import { webhookRoutes } from './webhook-routes.ts';
import { createWebhookService } from './webhooks.ts';

const STREAM_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'x-accel-buffering': 'no' };

/** Notifications (issue 36, decision records 073 and 074): the centre, channels, announcements, questions. */
export default async function notificationRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  await registerTemplates(db);
  const messaging = setupMessaging(config);
  const hooks = createWebhookService(db, messaging.secrets, config.privacy.noticeVersion, addFallback);
  await app.register(webhookRoutes(hooks));
  // The local sandbox of both providers, on this server in demo mode (docs/api.md, "Notifications").
  if (messaging.sandboxHere) {
    const sandbox = createMessagingSandbox({ webhookBase: selfOrigin(config) });
    await app.register(sandbox.plugin, { prefix: MESSAGING_SANDBOX_PREFIX });
  }

  app.get(P.list, { preHandler: authenticated }, (request) => {
    const q = parseQuery(NotificationQuery, request.query);
    return listNotifications(db, requireUser(request).id, request.url, q.page, q.page_size);
  });
  app.post(P.read, { preHandler: authenticated }, (request) =>
    markRead(db, requireUser(request).id, parse(MarkReadInput, request.body)),
  );

  // The unread count as server-sent events (decision record 080): one watcher for this process's streams.
  // Shutdown ends every stream first (preClose), so they never hold the graceful close up.
  const hub = createUnreadHub({ db, config: config.notify.stream, warn: (what, err) => app.log.warn({ err }, what) });
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });
  // No compression and no revalidation: either would hold the events back until the stream ends.
  app.get(P.stream, { preHandler: authenticated, compress: false, exposeHeadRoute: false }, async (request, reply) => {
    const user = requireUser(request);
    const stream = await hub.open(user.id, request.login, request.headers.authorization ?? '');
    // X-Accel-Buffering: nginx passes each event on at once (deploy/nginx/ccinstitute-proxy.conf).
    return reply.headers(STREAM_HEADERS).send(stream);
  });

  app.get(P.preferences, { preHandler: authenticated }, (request) => preferencesOf(db, requireUser(request).id));
  app.put(P.preferences, { preHandler: authenticated }, (request) =>
    savePreferences(db, requireUser(request).id, parse(PreferencesInput, request.body)),
  );
  app.post(P.whatsapp, { preHandler: authenticated }, (request) =>
    chooseWhatsApp(db, requireUser(request).id, parse(WhatsAppChoice, request.body), config.privacy.noticeVersion),
  );

  app.post(P.announcements(), async (request, reply) => {
    const id = idParam(request.params);
    const input = parse(AnnouncementInput, request.body);
    return reply.code(201).send(
      await postAnnouncement(db, request.user ?? null, id, input, {
        publicUrl: config.publicUrl,
        inlineLimit: config.notify.fanOutInline,
      }),
    );
  });

  app.get(P.lessonQuestions(), (request) => lessonQuestions(db, request.user ?? null, idParam(request.params)));
  app.post(P.lessonQuestions(), async (request, reply) => {
    const id = idParam(request.params);
    const { body } = parse(LessonQuestionInput, request.body);
    return reply.code(201).send({ id: await askQuestion(db, request.user ?? null, id, body) });
  });
  app.post(P.replies(), async (request, reply) => {
    const id = idParam(request.params);
    const { body } = parse(ReplyInput, request.body);
    return reply.code(201).send({ id: await replyTo(db, request.user ?? null, id, body) });
  });
  app.post(P.accept(), async (request, reply) => {
    const id = idParam(request.params);
    await acceptAnswer(db, request.user ?? null, id, parse(AcceptInput, request.body).reply_id);
    return reply.code(204).send();
  });

  app.post(P.hideQuestion(), { preHandler: adminOnly }, async (request, reply) => {
    await hide(db, requireAdmin(request), 'question', idParam(request.params), parse(HideInput, request.body).reason);
    return reply.code(204).send();
  });
  app.post(P.hideReply(), { preHandler: adminOnly }, async (request, reply) => {
    await hide(db, requireAdmin(request), 'reply', idParam(request.params), parse(HideInput, request.body).reason);
    return reply.code(204).send();
  });
  app.get(P.messages, { preHandler: adminOnly }, (request) => {
    const q = parseQuery(MessageQuery, request.query);
    return adminMessages(db, request.url, q);
  });
}
