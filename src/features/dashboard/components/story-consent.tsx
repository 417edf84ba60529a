import { useMachine } from '@xstate/react';
import {
  STORY_ITEM_LABELS,
  STORY_ITEMS,
  storyConsentText,
  type PublicSuccessStory,
  type StoryConsentInput,
  type StudentStory,
} from '../../../../contract/stories.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import { StoryCard } from '../../../components/story-card.tsx';
import { formatDate, formatDateTime, formatINR } from '../../../utils/format.ts';
import type { StoryConsentLogic } from '../../../../machines/story-consent.machine.ts';

/**
 * The student's consent to publish their success story (decision record 079, CCPA coaching guidelines): the
 * story as the Placement page shows it now, then, item by item (name, photo, company, CTC), what they agree
 * to publish, with the preview and the written statement following the ticks; Save records the statement
 * with the consent records. Withdraw all takes the story off the public page at once.
 */
export function StoryConsentSection({ logic }: { logic: StoryConsentLogic }) {
  const [snapshot, send] = useMachine(logic);
  const { stories, selected, draft, error, notice } = snapshot.context;
  // Most students have no story: nothing is shown while loading, nor when there is none.
  if (snapshot.matches('loading') || (snapshot.matches('reviewing') && stories.length === 0)) return null;
  return (
    <section aria-labelledby="my-stories" className="story-consent">
      <h2 id="my-stories" className="section-title">
        Your success story
      </h2>
      <ListStatus
        loading={false}
        loadingText=""
        error={snapshot.matches('loadFailed') ? error : null}
        onRetry={() => send({ type: 'stories.retry' })}
        empty={false}
        emptyText=""
      >
        <p>
          The institute may publish a story about your placement only with your written consent, given here after your
          offer, for each item separately. The course, its duration, its fee and your batch are always shown beside it.
          You can change or withdraw your consent at any time.
        </p>
        {notice ? <Notice kind="success">{notice}</Notice> : null}
        {stories.map((story) => {
          const open = selected === story.preview.id && !snapshot.matches('reviewing') && !snapshot.matches('saved');
          return (
            <article key={story.preview.id} className="story-consent-item" aria-label={`Story ${story.preview.id}`}>
              {open ? (
                <ConsentForm
                  story={story}
                  draft={draft}
                  busy={snapshot.hasTag('busy')}
                  failed={snapshot.matches('failed') ? error : null}
                  send={send}
                />
              ) : (
                <Review story={story} busy={snapshot.hasTag('busy')} send={send} />
              )}
            </article>
          );
        })}
      </ListStatus>
    </section>
  );
}

type Send = ReturnType<typeof useMachine<StoryConsentLogic>>[1];

/** The story with only the items ticked: what the public Placement page answers and shows. */
function shownWith(preview: PublicSuccessStory, consent: StoryConsentInput): PublicSuccessStory {
  const { student_name, photo, placement_company_name, annual_ctc, ...always } = preview;
  return {
    ...always,
    ...(consent.name ? { student_name } : {}),
    ...(consent.photo && photo ? { photo } : {}),
    ...(consent.company ? { placement_company_name } : {}),
    ...(consent.ctc ? { annual_ctc } : {}),
  };
}

function Review({ story, busy, send }: { story: StudentStory; busy: boolean; send: Send }) {
  const id = story.preview.id;
  const items = STORY_ITEMS.filter((item) => story.consent[item]).map((item) => STORY_ITEM_LABELS[item].toLowerCase());
  return (
    <>
      <p className="status-text">
        {story.published
          ? `Published on the Placement page with: ${items.join(', ')} (consent of ${formatDateTime(story.consented_at ?? '')}).`
          : 'Not published: you have not given consent.'}
      </p>
      {story.published ? <StoryCard story={shownWith(story.preview, story.consent)} /> : null}
      <div className="actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => send({ type: 'story.choose', id })}
        >
          Choose what to publish
        </button>
        {story.published ? (
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() => send({ type: 'story.withdraw', id })}
          >
            Withdraw all consent
          </button>
        ) : null}
      </div>
    </>
  );
}

const VALUES: Record<(typeof STORY_ITEMS)[number], (p: PublicSuccessStory) => string> = {
  name: (p) => p.student_name ?? '',
  photo: (p) => (p.photo ? 'the photo the office holds' : 'no photo on file'),
  company: (p) => p.placement_company_name ?? '',
  ctc: (p) => (p.annual_ctc !== undefined ? `${formatINR(p.annual_ctc)} a year` : ''),
};

function ConsentForm(props: {
  story: StudentStory;
  draft: StoryConsentInput;
  busy: boolean;
  failed: string | null;
  send: Send;
}) {
  const { story, draft, busy, failed, send } = props;
  const id = story.preview.id;
  const none = STORY_ITEMS.every((item) => !draft[item]);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'choice.save' });
      }}
    >
      <fieldset disabled={busy}>
        <legend>What may the institute publish? (offer of {formatDate(story.offer_date)})</legend>
        {STORY_ITEMS.map((item) => (
          <label key={item} className="checkbox">
            <input type="checkbox" checked={draft[item]} onChange={() => send({ type: 'item.toggle', item })} />{' '}
            {STORY_ITEM_LABELS[item]}: {VALUES[item](story.preview)}
          </label>
        ))}
      </fieldset>
      <h3>How it will appear on the Placement page</h3>
      {none ? (
        <p className="status-text">Nothing: with no item ticked the story is not published.</p>
      ) : (
        <StoryCard story={shownWith(story.preview, draft)} headingLevel={4} />
      )}
      <h3>What you agree to (kept word for word with your consent record)</h3>
      <blockquote className="consent-statement">{storyConsentText(story.preview, draft)}</blockquote>
      {failed ? (
        <FormError>
          {failed}{' '}
          <button type="button" className="btn btn-outline btn-small" onClick={() => send({ type: 'save.retry' })}>
            Try again
          </button>
        </FormError>
      ) : null}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : none ? 'Save: publish nothing' : 'I agree: save my consent'}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy}
          onClick={() => send({ type: 'story.withdraw', id })}
        >
          Withdraw all consent
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy}
          onClick={() => send({ type: 'choice.cancel' })}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
