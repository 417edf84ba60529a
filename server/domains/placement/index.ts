/** What other domains ask of placement: success stories tied to verified offers (decision record 079). */
export { createStoryService, newestStoryChange, storyOfferFields } from './stories.ts';
export { removeStoryPhoto, storyPhotoFile } from './story-photos.ts';
