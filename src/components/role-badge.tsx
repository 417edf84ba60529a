const ROLE_COLOURS: Record<string, string> = {
  admin: 'red',
  instructor: 'amber',
  faculty: 'purple',
  student: 'blue',
};

/** Uppercase role badge (spec section 2); the role's name is the text, colour is only a second signal. */
export function RoleBadge({ role }: { role: string }) {
  const colour = ROLE_COLOURS[role] ?? 'grey';
  return <span className={`badge role-badge badge-${colour}`}>{role.toUpperCase()}</span>;
}
