import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  API,
  PLACEMENT_PATHS as P,
  STORY_MESSAGES,
  STORY_PATHS,
  type AdminSuccessStory,
} from '../../contract/index.ts';
import { fail, ok, type Handler } from './support/fake-api.ts';
import { admin, story } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/**
 * A success story's photo (decision record 079, addendum): the Placement page shows it only when the
 * server's answer holds it (the student consented to the photo; otherwise the item is absent and the card
 * shows an initial); the office uploads it with the story, and a refused file shows at the upload's field.
 */
const PHOTO = `${STORY_PATHS.photo(1)}?v=1a2b3c4d`;

describe('Placement page: a story’s photo', () => {
  it('shows the photo the answer holds, and an initial for a story without one', async () => {
    renderApp('/placement', {
      routes: {
        [`GET ${API.successStories.list}`]: ok([
          story({ id: 1, photo: PHOTO }),
          story({ id: 2, student_name: 'Kiran Das', photo: undefined }),
        ]),
      },
    });
    const withPhoto = (await screen.findByRole('heading', { name: 'Ananya Rao' })).closest('article')!;
    expect(within(withPhoto).getByRole('img', { name: 'Ananya Rao' })).toHaveAttribute('src', PHOTO);
    const without = screen.getByRole('heading', { name: 'Kiran Das' }).closest('article')!;
    expect(within(without).queryByRole('img')).toBeNull();
    expect(within(without).getByText('K')).toBeInTheDocument();
  });
});

const STORY: AdminSuccessStory = {
  id: 4,
  offer_id: 12,
  offer_label: 'Vikram Shah · CRISIL · Credit Analyst',
  student_name: 'Vikram Shah',
  placement_company_name: 'CRISIL',
  designation: 'Credit Analyst',
  salary: '₹6,50,000 a year',
  photo: '',
  photo_uploaded: false,
  story: 'From audit to ratings.',
  is_featured: true,
  published: false,
};

function storiesTab(routes: Record<string, Handler>) {
  return renderApp('/admin?tab=success-stories', {
    user: admin,
    routes: {
      [`GET ${API.adminStats}`]: ok({
        total_students: 1,
        total_programs: 1,
        total_faculty: 1,
        total_workshops: 1,
        total_revenue: 0,
      }),
      [`GET ${API.admin.issueSummary}`]: ok({ total_issues: 0, failed_payments: 0, pending_enrollments: 0 }),
      [`GET ${API.faculty.list}`]: ok([]),
      [`GET ${API.admin.users}`]: ok({ count: 0, next: null, previous: null, results: [] }),
      [`GET ${P.offers}`]: ok([]),
      [`GET ${STORY_PATHS.adminList}`]: ok([STORY]),
      ...routes,
    },
  });
}

describe('Success Stories tab: the photo upload', () => {
  const UPLOAD = `PUT ${STORY_PATHS.adminPhoto(STORY.id)}`;
  const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'vikram.png', { type: 'image/png' });

  async function editWithPhoto(user: ReturnType<typeof storiesTab>['user']) {
    const row = await screen.findByRole('row', { name: /Vikram Shah/ });
    await user.click(within(row).getByRole('button', { name: /Edit/ }));
    const dialog = within(await screen.findByRole('dialog', { name: /Success Story/ }));
    const input = dialog.getByLabelText(/^Photo upload/);
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await user.upload(input, photo());
    await user.click(dialog.getByRole('button', { name: /Save/ }));
    return dialog;
  }

  it('saves the story, then sends the photo through the one upload', async () => {
    const { user, api } = storiesTab({
      [`PUT ${API.successStories.update(STORY.id)}`]: ok(STORY),
      [UPLOAD]: ok({ ...STORY, photo_uploaded: true }),
    });
    await editWithPhoto(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = api.callsTo(UPLOAD)[0]!.body as FormData;
    expect([...sent.keys()]).toEqual(['photo']);
    expect((sent.get('photo') as File).name).toBe('vikram.png');
  });

  it('shows the server’s refusal of the file at the upload’s field, keeping the dialog open', async () => {
    const { user } = storiesTab({
      [`PUT ${API.successStories.update(STORY.id)}`]: ok(STORY),
      [UPLOAD]: fail(400, { photo: [STORY_MESSAGES.photoType] }),
    });
    const dialog = await editWithPhoto(user);
    expect(await dialog.findByText(STORY_MESSAGES.photoType)).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Photo upload/)).toHaveAccessibleDescription(new RegExp(STORY_MESSAGES.photoType));
  });
});
