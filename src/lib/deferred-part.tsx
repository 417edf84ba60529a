import { lazy, memo, Suspense, type ComponentType } from 'react';

/**
 * A part of a page whose code loads after the page's own, and which therefore hydrates after it, in its
 * own pass: the server renders it in full (its prerender awaits the part), the browser shows that HTML at
 * once and hydrates the part when its chunk arrives, so the page's first hydration (and its main-thread
 * task) is smaller. Long lists and below-the-fold sections: their markup is there from the first paint,
 * only their event handlers come a moment later. On a client-side navigation the part appears when its
 * chunk is here (nothing is shown in its place meanwhile).
 *
 * New props before the part has hydrated would make React drop the server's HTML and render the part
 * on the client (a flash and a layout shift): the part is memoised, and `sameProps` (default: every prop
 * the same object) says when a re-render of the page leaves it as it is.
 */
export function deferredPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  sameProps?: (before: Readonly<P>, after: Readonly<P>) => boolean,
): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  return memo(function DeferredPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }, sameProps);
}
