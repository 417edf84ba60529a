import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Notice } from '../../../components/notice.tsx';
import type { AccountMachines, AccountSection } from '../types.ts';
import { DevicesSection } from './devices-section.tsx';
import { EmailSection } from './email-section.tsx';
import { PasswordSection, ProfileSection } from './profile-section.tsx';
import { SecondFactorSection } from './second-factor-section.tsx';

/** The sections of /account, in order: another feature adds its own by adding an entry. */
export const ACCOUNT_SECTIONS: AccountSection[] = [
  { id: 'profile', title: 'Profile', Component: ProfileSection },
  { id: 'email', title: 'Email address', Component: EmailSection },
  { id: 'password', title: 'Password', Component: PasswordSection },
  { id: 'two-step', title: 'Two-step verification', Component: SecondFactorSection },
  { id: 'devices', title: 'Signed-in devices', Component: DevicesSection },
];

/** /account: every signed-in person's own settings. `?setup=required`: an administrator sent here first. */
export function AccountPage({
  machines,
  sections = ACCOUNT_SECTIONS,
  privacy = null,
}: {
  machines: AccountMachines;
  sections?: AccountSection[];
  /** The data-protection section (consents, data export, erasure), composed by the app. */
  privacy?: ReactNode;
}) {
  const [params] = useSearchParams();
  return (
    <div className="container account-page">
      <h1>Your account</h1>
      {params.get('setup') === 'required' ? (
        <Notice kind="info">
          Administrators need two-step verification. Set up an authenticator app below; the admin panel works once it is
          on.
        </Notice>
      ) : null}
      {sections.map(({ id, title, Component }) => (
        <section key={id} className="card account-section" aria-labelledby={`account-${id}`}>
          <h2 id={`account-${id}`}>{title}</h2>
          <Component machines={machines} />
        </section>
      ))}
      {privacy ? <div className="card account-section">{privacy}</div> : null}
    </div>
  );
}
