import { useMachine } from '@xstate/react';
import type { AppConfigLoader } from '../types.ts';

type Credentials = { username: string; password: string };
type Props = { config: AppConfigLoader; onUse: (credentials: Credentials) => void };

/** The Demo Credentials box: only when GET /api/config/ says demo mode is on (design deviation 9). */
export function DemoCredentials({ config, onUse }: Props) {
  const [snapshot] = useMachine(config, { input: {} });
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
      <button type="button" className="btn btn-outline btn-small" onClick={() => onUse(credentials)}>
        Use Admin Credentials
      </button>
    </section>
  );
}
