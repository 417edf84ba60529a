import { useEffect, useState } from 'react';
import type { AppConfig } from '../../../../contract/index.ts';
import { loadAppConfig } from '../api/config-api.ts';

type Credentials = { username: string; password: string };

/** The Demo Credentials box: only when GET /api/config/ says demo mode is on (design deviation 9). */
export function DemoCredentials({ onUse }: { onUse: (credentials: Credentials) => void }) {
  const [config, setConfig] = useState<AppConfig | null>(null);
  useEffect(() => {
    let live = true;
    loadAppConfig()
      .then((loaded) => live && setConfig(loaded))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const credentials = config?.demo_mode ? config.demo_credentials : null;
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
