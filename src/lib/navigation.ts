import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Back, or `fallback` when there is nothing to go back to in this tab (a page opened in a new tab or
 * from a bookmark). React Router gives the first location of a tab the key "default".
 */
export function useBack(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(fallback, { replace: true });
  };
}
