import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { MESSAGES, type User } from '../../contract/index.ts';
import { sessionMachine } from '../../machines/index.ts';
import { RequireRole, type GuardedRole } from '../../src/features/auth/components/guards.tsx';
import { SessionContext } from '../../src/lib/session.ts';
import { admin, student } from './support/fixtures.ts';

const instructor: User = {
  ...student,
  id: 41,
  username: 'instructor',
  email_verified: true,
  profile: { role: 'instructor', is_admin: false, is_instructor: true, is_student: false },
};

function renderGuarded(role: GuardedRole, user: User | null) {
  const logic = sessionMachine.provide({ actors: { loadCurrentUser: fromPromise(async () => user) } });
  return render(
    <SessionContext.Provider logic={logic}>
      <MemoryRouter initialEntries={['/guarded']}>
        <Routes>
          <Route path="/guarded" element={<RequireRole roleName={role}>The protected page</RequireRole>} />
          <Route path="/login" element={<p>The login page</p>} />
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

describe('role guards (spec section 6)', () => {
  it.each([
    ['admin', admin, student, MESSAGES.adminOnly],
    ['instructor', instructor, student, MESSAGES.instructorOnly],
    ['student', student, admin, MESSAGES.studentOnly],
  ] as const)(
    '%s pages let that role in and show everyone else their Access Denied text',
    async (role, allowed, denied, text) => {
      const first = renderGuarded(role, allowed);
      expect(await screen.findByText('The protected page')).toBeInTheDocument();
      first.unmount();

      renderGuarded(role, denied);
      expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(text);
      expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
      expect(screen.queryByText('The protected page')).not.toBeInTheDocument();
    },
  );

  it('sends a visitor to /login whatever the role', async () => {
    renderGuarded('student', null);
    expect(await screen.findByText('The login page')).toBeInTheDocument();
  });
});
