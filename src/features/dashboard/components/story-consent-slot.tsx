import { deferredPart } from '../../../lib/deferred-part.tsx';

/** The dashboard's success-story consent (decision record 079), in a chunk of its own loaded after the page's. */
export const StoryConsentSlot = deferredPart(() => import('./story-consent.tsx').then((m) => m.StoryConsentSection));
