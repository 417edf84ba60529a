import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A part of a page whose code loads after the page's own, and which therefore hydrates after it, in its
 * own pass: the server renders it in full (its prerender awaits the part), the browser shows that HTML at
 * once and hydrates the part when its chunk arrives, so the page's first hydration (and its main-thread
 * task) is smaller. Long lists and below-the-fold sections: their markup is there from the first paint,
 * only their event handlers come a moment later. On a client-side navigation the part appears when its
 * chunk is here (nothing is shown in its place meanwhile).
 */
export function deferredPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  return function DeferredPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}
