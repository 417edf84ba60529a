import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, MESSAGES } from '../../contract/index.ts';
import { fail, ok } from './support/fake-api.ts';
import { courseImpact, program } from './support/fixtures.ts';
import { expectSuccessNotice } from './support/notices.ts';
import { adminPanel, dialog } from './support/admin-panel.ts';

describe('Admin dashboard', () => {
  it('shows stat tiles with revenue in rupees, the issue summary and the eight tabs', async () => {
    const { api } = adminPanel();
    expect(await screen.findByText('₹12,45,000')).toBeInTheDocument();
    expect(screen.getByText('Total Revenue')).toBeInTheDocument();
    expect(screen.getByText('120')).toBeInTheDocument();
    expect(screen.getByText('Issues: 7')).toBeInTheDocument();
    expect(screen.getByText('Failed payments: 3')).toBeInTheDocument();
    expect(screen.getByText('Pending enrollments: 2')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Programs',
      'Faculty',
      'Workshops',
      'Enrollments',
      'Payments',
      'Testimonials',
      'Success Stories',
      'Resources',
      'Counseling Requests',
      'Revenue',
      'Users',
      'Audit Log',
      'Outbox',
      'Messages',
      'Reconciliation',
      'Privacy',
      'Coupons',
      'Instalments',
      'Plans',
      'Certificates',
      'Batches',
      'Timetable',
      'Curriculum',
      'Employers',
      'Offers',
      'Openings',
    ]);
    // The one token store serves the admin calls too (docs/deviations.md).
    expect(api.callsTo(`GET ${API.admin.issueSummary}`)[0]!.auth).toBe('Bearer access-1');
    expect(api.callsTo(`GET ${API.programs.list}`)[0]!.query.get('include_inactive')).toBe('true');
    expect(await screen.findByRole('cell', { name: 'Credit Analyst Program' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Programs list' })).toHaveClass('scroll-area');
  });

  it('shows "Failed to load data. Please try again later." when a list fails', async () => {
    adminPanel({ [`GET ${API.programs.list}`]: fail(500, {}) });
    expect(await screen.findByText(MESSAGES.adminLoadFailed)).toBeInTheDocument();
  });

  it('View opens the item read-only and Escape closes it, giving focus back', async () => {
    const { user } = adminPanel();
    const view = within(await screen.findByRole('row', { name: /Credit Analyst Program/ })).getByRole('button', {
      name: 'View',
    });
    await user.click(view);
    expect(within(dialog()).getByRole('heading', { name: 'View Program' })).toBeInTheDocument();
    expect(within(dialog()).getByText('₹1,50,000')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(view).toHaveFocus();
  });

  it('Add New validates the program form, creates, announces and reloads the list', async () => {
    const { user, api } = adminPanel({ [`POST ${API.programs.create}`]: { status: 201, body: program({ id: 2 }) } });
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    for (const text of [
      'Title is required.',
      'Description is required.',
      'Price must be a number.',
      'Duration must be a number of weeks.',
    ]) {
      expect(within(dialog()).getByText(text)).toBeInTheDocument();
    }
    expect(within(dialog()).getByText('Choose the level.')).toBeInTheDocument();
    const d = within(dialog());
    await user.type(d.getByLabelText(/^Title/), 'Credit Risk Essentials');
    await user.type(d.getByLabelText(/^Description/), 'Six weeks of credit risk.');
    await user.selectOptions(d.getByLabelText(/^Level/), 'beginner');
    await user.selectOptions(d.getByLabelText(/^Category/), 'short_course');
    await user.selectOptions(d.getByLabelText(/^Target audience/), 'professionals');
    await user.type(d.getByLabelText(/^Price/), '45000');
    await user.type(d.getByLabelText(/^Duration/), '6');
    const listCalls = api.callsTo(`GET ${API.programs.list}`).length;
    await user.click(d.getByRole('button', { name: 'Save' }));
    await expectSuccessNotice(MESSAGES.adminCreated);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`POST ${API.programs.create}`)[0]!.body).toMatchObject({
      title: 'Credit Risk Essentials',
      level: 'beginner',
      category: 'short_course',
      target_audience: 'professionals',
      price: 45000,
      duration_weeks: 6,
      is_active: true,
    });
    // The list reloads, and so do the selects' options (the Batches tab's programs).
    await waitFor(() => expect(api.callsTo(`GET ${API.programs.list}`).length).toBe(listCalls + 2));
  });

  it('Edit updates with PUT and shows "Item updated successfully!"; a failed save keeps the dialog with the spec text', async () => {
    const { user, api } = adminPanel({ [`PUT ${API.programs.update(1)}`]: fail(500, {}) });
    await user.click(
      within(await screen.findByRole('row', { name: /Credit Analyst Program/ })).getByRole('button', { name: 'Edit' }),
    );
    const title = within(dialog()).getByLabelText(/^Title/);
    expect(title).toHaveValue('Credit Analyst Program');
    await user.clear(title);
    await user.type(title, 'Credit Analyst Program 2');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(MESSAGES.adminSaveFailed);
    expect(within(dialog()).getByLabelText(/^Title/)).toHaveValue('Credit Analyst Program 2');
    api.on(`PUT ${API.programs.update(1)}`, ok(program({ title: 'Credit Analyst Program 2' })));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await expectSuccessNotice(MESSAGES.adminUpdated);
    expect(api.callsTo(`PUT ${API.programs.update(1)}`).at(-1)!.body).toMatchObject({
      title: 'Credit Analyst Program 2',
    });
  });

  it('Delete asks "Are you sure you want to delete this item?" in an in-app dialog; failure shows the spec text', async () => {
    const { user, api } = adminPanel({
      [`GET ${API.admin.programImpact(1)}`]: ok(courseImpact()),
      [`DELETE ${API.programs.remove(1)}`]: fail(500, {}),
    });
    await user.click(
      within(await screen.findByRole('row', { name: /Credit Analyst Program/ })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const confirm = screen.getByRole('alertdialog');
    expect(within(confirm).getByText(MESSAGES.deleteConfirm)).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(await within(confirm).findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.adminDeleteFailed);
    api.on(`DELETE ${API.programs.remove(1)}`, { status: 204 });
    await user.click(
      within(screen.getByRole('row', { name: /Credit Analyst Program/ })).getByRole('button', { name: 'Delete' }),
    );
    await user.click(await within(screen.getByRole('alertdialog')).findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE ${API.programs.remove(1)}`)).toHaveLength(2);
  });

  it('the faculty form requires its fields and checks email and LinkedIn URL', async () => {
    const { user } = adminPanel();
    await user.click(await screen.findByRole('tab', { name: 'Faculty' }));
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    const d = within(dialog());
    await user.type(d.getByLabelText(/^Email/), 'nope');
    await user.type(d.getByLabelText(/^LinkedIn URL/), 'linkedin');
    await user.click(d.getByRole('button', { name: 'Save' }));
    for (const text of [
      'First name is required.',
      'Last name is required.',
      'Enter a valid email address.',
      'Expertise is required.',
      'Experience must be a number of years.',
      'LinkedIn URL must be a valid http(s) URL.',
    ]) {
      expect(d.getByText(text)).toBeInTheDocument();
    }
  });
});
