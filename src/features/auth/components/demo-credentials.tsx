import type { AppConfig } from '../../../../contract/index.ts';
import { DEMO_CERTIFICATE_HOLDER, DEMO_INSTRUCTOR } from '../../../../contract/demo-logins.ts';
import { useLoaderMachine } from '../../../lib/use-preloaded-machine.ts';
import type { AppConfigLoader } from '../types.ts';

type Credentials = { username: string; password: string };
type Props = { config: AppConfigLoader; preloaded?: AppConfig; onUse: (credentials: Credentials) => void };

/** The Demo Credentials box: only when GET /api/config/ says demo mode is on (docs/deviations.md). */
export function DemoCredentials({ config, preloaded, onUse }: Props) {
  const [snapshot] = useLoaderMachine(config, {}, preloaded);
  const loaded = snapshot.context.data;
  const credentials = loaded?.demo_mode ? loaded.demo_credentials : null;
  if (!credentials) return null;
  return (
    <section className="demo-box" aria-labelledby="demo-title">
      <h2 id="demo-title" style={{ fontSize: '1rem' }}>
        Demo Credentials
      </h2>
      <p>
        Administrator: <code>{credentials.username}</code> / <code>{credentials.password}</code>
      </p>
      <p>
        Instructor (teaches the demo batches): <code>{DEMO_INSTRUCTOR.username}</code> /{' '}
        <code>{DEMO_INSTRUCTOR.password}</code>
      </p>
      <p>
        Student with the demo certificate (a completed program): <code>{DEMO_CERTIFICATE_HOLDER.username}</code> /{' '}
        <code>{DEMO_CERTIFICATE_HOLDER.password}</code>
      </p>
      <button type="button" className="btn btn-outline btn-small" onClick={() => onUse(credentials)}>
        Use Admin Credentials
      </button>
    </section>
  );
}
