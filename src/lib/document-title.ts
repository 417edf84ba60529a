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
