import { AppConfig } from '../../../contract/index.ts';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { PRELOAD, usePreloaded } from '../../lib/preloaded.ts';
import { appConfigLoader } from '../composition/config.ts';
import { appLoginFormMachine } from '../composition/auth-forms.ts';
import { PasskeySignInButton } from '../../features/auth/components/passkey-button.tsx';
import { passkeySecondStep, passkeySignIn } from '../composition/passkeys.ts';

export function LoginRoute() {
  const preloaded = AppConfig.safeParse(usePreloaded(PRELOAD.config));
  return (
    <LoginPage
      logic={appLoginFormMachine}
      config={appConfigLoader}
      preloaded={preloaded.success ? preloaded.data : undefined}
      passkeySignIn={<PasskeySignInButton logic={passkeySignIn} label="Sign in with a passkey" />}
      passkeySecondStep={(mfaToken) => (
        <PasskeySignInButton logic={passkeySecondStep} label="Use a passkey" mfaToken={mfaToken} />
      )}
    />
  );
}
