import { API, IDENTITY_PATHS, TokenPair, User, type EmailChangeInput } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';
import { tokenStore } from '../../../lib/token-store.ts';

/** The email address's calls (decision record 063). */
export const fetchMe = () => api.get(API.me, User);

/** A change ends every login; this one continues with the fresh pair the server answers. */
export async function changeEmail(input: EmailChangeInput): Promise<void> {
  tokenStore.setTokens(await api.post(IDENTITY_PATHS.email, input, TokenPair));
}

export const resendConfirmation = async (): Promise<void> => {
  await api.send('POST', IDENTITY_PATHS.emailConfirmation);
};

/** The emailed links' pages post the token of the link's fragment. */
export const openEmailLink = async (kind: 'confirm' | 'undo', token: string): Promise<void> => {
  await api.send('POST', kind === 'confirm' ? IDENTITY_PATHS.confirmEmail : IDENTITY_PATHS.undoEmailChange, { token });
};
