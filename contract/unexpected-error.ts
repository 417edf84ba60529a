/**
 * The spec's text when a route fails to render. Its own module: the route error page is part of every
 * page's entry, which takes this one sentence, not the whole message table (messages.ts).
 */
export const UNEXPECTED_ERROR = 'Unexpected Application Error!';
