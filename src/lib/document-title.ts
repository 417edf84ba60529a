import { useEffect } from 'react';

/**
 * Sets the document's title (what the tab, the history and a screen reader announce) while the calling
 * page is shown; null leaves it to a page deeper in the tree. The routes call it once for every page with
 * its title from contract/page-titles.ts; a program's page calls it again with the program's name.
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}

/**
 * The root route's title for every page, from contract/page-titles.ts. The table loads as its own small
 * chunk after the page is shown (the server-rendered head already carries the first page's title), so it
 * adds nothing to the JavaScript every page starts with. A page that names itself gets null here.
 */
export function useRouteTitle(pathname: string): void {
  useEffect(() => {
    let current = true;
    void import('../../contract/page-titles.ts').then(({ pageTitle }) => {
      const title = pageTitle(pathname);
      if (current && title !== null) document.title = title;
    });
    return () => {
      current = false;
    };
  }, [pathname]);
}
